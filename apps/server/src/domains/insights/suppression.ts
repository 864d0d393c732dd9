// The privacy floor across groupings (issue 53 item 3, decision 176). The step bands of one period can be asked for
// the tenant, by department and by age band, and those answers share their totals: the tenant's count in a band is
// the sum of every department's count in it, and of every age band's. Hiding the small cells within each group only
// let anyone subtract the other groups' shown cells from the tenant's and read the hidden ones. This module decides
// which band cells to hide for the three groupings together, so that no hidden cell of 1 to 4 people can be worked
// out from the shown cells of all three by sums and differences.
import { INSIGHTS_MIN_GROUP } from '@hibi/contract/console/insights';

/**
 * One group's step bands as the suppression sees them: `participants` is the group's count of step participants
 * when the answer lets one work it out (its participation rate times its members), null when the group is hidden
 * as a whole; `hidden` is which of its band cells are hidden (changed in place).
 */
export interface BandRow {
  participants: number | null;
  bands: readonly number[];
  hidden: boolean[];
}

export interface BandTables {
  tenant: BandRow;
  department: BandRow[];
  ageBand: BandRow[];
}

interface Edge {
  a: number;
  b: number;
  value: number;
  /** The cell this edge stands for, to hide it. */
  row: BandRow;
  band: number;
}

/**
 * Hides more band cells (in place) until no hidden cell with 1..floor-1 people is determined by the shown cells of the
 * three groupings. The cells form one linear system: each band's column sums to the tenant's cell in every grouping,
 * each group's row sums to its participants. Seen as a graph (a node per equation, an edge per unknown cell: a
 * group's cell joins its row and its band's column in that grouping, the tenant's cell joins the band's department
 * column and its age-band column; the groups hidden as a whole share one row node per grouping, whose sum the
 * tenant's participants give), every node's sum is known, so a hidden cell's value is determined exactly when its
 * edge is a bridge: on no cycle of hidden cells. So: find the bridges; for each one with a small cell, hide the
 * cheapest shown cells that close a cycle through it (the fewest people first); repeat. Nonnegativity is used as an
 * attacker would: where a node's hidden cells all count the same way and its known sum leaves 0 for them, each is 0
 * and known. If no cycle can be closed, every band cell of every grouping is hidden (which always holds).
 */
export function protectBandsAcrossGroupings(tables: BandTables, floor: number = INSIGHTS_MIN_GROUP): void {
  const all = [tables.tenant, ...tables.department, ...tables.ageBand];
  if (tables.tenant.participants === null) {
    for (const row of all) row.hidden.fill(true);
    return;
  }
  for (let round = 0; round < 10_000; round += 1) {
    const graph = buildGraph(tables);
    const known = forcedKnown(graph);
    const bridge = smallBridge(graph, known, floor);
    if (bridge === undefined) return;
    const path = cheapestCycle(graph, known, bridge);
    if (path === null) {
      for (const row of all) row.hidden.fill(true);
      return;
    }
    for (const e of path) graph.edges[e]!.row.hidden[graph.edges[e]!.band] = true;
  }
  for (const row of all) row.hidden.fill(true);
}

interface Graph {
  nodes: number;
  edges: Edge[];
  /** Per node: its edges and the sign each counts with in the node's sum. */
  at: { edge: number; sign: 1 | -1 }[][];
}

function buildGraph(tables: BandTables): Graph {
  const bandCount = tables.tenant.bands.length;
  let nodes = 0;
  const edges: Edge[] = [];
  const at: Graph['at'] = [];
  const node = () => {
    at.push([]);
    return nodes++;
  };
  const link = (a: number, b: number, row: BandRow, band: number, signA: 1 | -1, signB: 1 | -1) => {
    const id = edges.push({ a, b, value: row.bands[band] ?? 0, row, band }) - 1;
    at[a]!.push({ edge: id, sign: signA });
    at[b]!.push({ edge: id, sign: signB });
  };
  // A column node per band and grouping: sum of the groups' cells minus the tenant's cell = 0.
  const deptColumn = Array.from({ length: bandCount }, node);
  const ageColumn = Array.from({ length: bandCount }, node);
  for (let b = 0; b < bandCount; b += 1) link(deptColumn[b]!, ageColumn[b]!, tables.tenant, b, -1, -1);
  for (const [rows, columns] of [
    [tables.department, deptColumn],
    [tables.ageBand, ageColumn],
  ] as const) {
    let merged: number | undefined;
    for (const row of rows) {
      const r = row.participants === null ? (merged ??= node()) : node();
      for (let b = 0; b < bandCount; b += 1) link(r, columns[b]!, row, b, 1, 1);
    }
  }
  return { nodes, edges, at };
}

/** The edges an attacker knows: shown cells, and hidden ones that nonnegativity forces to 0 (iterated). */
function forcedKnown(graph: Graph): boolean[] {
  const known = graph.edges.map((e) => !e.row.hidden[e.band]);
  for (let changed = true; changed;) {
    changed = false;
    for (const list of graph.at) {
      const open = list.filter((x) => !known[x.edge]);
      if (open.length === 0 || open.some((x) => x.sign !== open[0]!.sign)) continue;
      if (open.every((x) => graph.edges[x.edge]!.value === 0)) {
        for (const x of open) known[x.edge] = true;
        changed = true;
      }
    }
  }
  return known;
}

/** The first unknown edge with a small value that is a bridge of the graph of unknown edges (Tarjan, iterative). */
function smallBridge(graph: Graph, known: boolean[], floor: number): number | undefined {
  const order = new Array<number>(graph.nodes).fill(-1);
  const low = new Array<number>(graph.nodes).fill(0);
  let counter = 0;
  for (let root = 0; root < graph.nodes; root += 1) {
    if (order[root] !== -1) continue;
    const stack: { node: number; via: number; next: number }[] = [{ node: root, via: -1, next: 0 }];
    order[root] = low[root] = counter++;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const list = graph.at[top.node]!;
      if (top.next < list.length) {
        const { edge } = list[top.next++]!;
        if (known[edge] || edge === top.via) continue;
        const e = graph.edges[edge]!;
        const other = e.a === top.node ? e.b : e.a;
        if (order[other] === -1) {
          order[other] = low[other] = counter++;
          stack.push({ node: other, via: edge, next: 0 });
        } else {
          low[top.node] = Math.min(low[top.node]!, order[other]!);
        }
      } else {
        stack.pop();
        const parent = stack[stack.length - 1];
        if (parent) {
          low[parent.node] = Math.min(low[parent.node]!, low[top.node]!);
          const value = graph.edges[top.via]!.value;
          if (low[top.node]! > order[parent.node]! && value > 0 && value < floor) return top.via;
        }
      }
    }
  }
  return undefined;
}

/**
 * The shown cells to hide so that the bridge lies on a cycle: the cheapest path between its ends over hidden cells
 * (free) and shown ones (their people, so small cells go first; a shown 0 only as a last resort), never through the
 * bridge itself or a cell known to be 0. Null when there is none.
 */
function cheapestCycle(graph: Graph, known: boolean[], bridge: number): number[] | null {
  const { a: start, b: goal } = graph.edges[bridge]!;
  const cost = (edge: number) => {
    const e = graph.edges[edge]!;
    if (!known[edge]) return 0;
    if (e.row.hidden[e.band]) return Infinity;
    return e.value === 0 ? 1e9 : 1 + e.value;
  };
  const dist = new Array<number>(graph.nodes).fill(Infinity);
  const via = new Array<number>(graph.nodes).fill(-1);
  const done = new Array<boolean>(graph.nodes).fill(false);
  dist[start] = 0;
  for (;;) {
    let u = -1;
    for (let n = 0; n < graph.nodes; n += 1) if (!done[n] && dist[n]! < Infinity && (u < 0 || dist[n]! < dist[u]!)) u = n;
    if (u < 0) return null;
    if (u === goal) break;
    done[u] = true;
    for (const { edge } of graph.at[u]!) {
      if (edge === bridge) continue;
      const c = cost(edge);
      if (c === Infinity) continue;
      const e = graph.edges[edge]!;
      const other = e.a === u ? e.b : e.a;
      if (dist[u]! + c < dist[other]!) {
        dist[other] = dist[u]! + c;
        via[other] = edge;
      }
    }
  }
  const path: number[] = [];
  for (let n = goal; n !== start;) {
    const edge = via[n]!;
    if (known[edge]) path.push(edge);
    const e = graph.edges[edge]!;
    n = e.a === n ? e.b : e.a;
  }
  return path.length > 0 ? path : null;
}
