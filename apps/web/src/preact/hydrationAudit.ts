// The check of a hydration against the page the server rendered (decision 142), loaded only when asked for
// (`localStorage['hibi.hydrationAudit']`, as the e2e suite does): React reported a mismatch as a console error; Preact
// silently corrects text, replaces elements, and keeps the server's attributes where the browser's render differs.
import { options, type VNode } from 'preact';
import { isHydrating, onHydrationPhase, whenHydrated } from './hydration.ts';

const SKIPPED = new Set([
  'children',
  'key',
  'ref',
  'style',
  'value',
  'checked',
  'defaultValue',
  'defaultChecked',
  'selected',
  'dangerouslySetInnerHTML',
]);

/** The attribute a prop of an element renders as, and the value it has in HTML (null: absent). */
function expected(element: Element, name: string, value: unknown): [string, string | null] | null {
  if (SKIPPED.has(name) || typeof value === 'function' || (typeof value === 'object' && value !== null)) return null;
  const attribute =
    name === 'className' ? 'class' : name === 'htmlFor' ? 'for' : element.namespaceURI === 'http://www.w3.org/2000/svg' ? name : name.toLowerCase();
  const ariaOrData = /^(aria|data)-/.test(attribute);
  if (value === null || value === undefined || (value === false && !ariaOrData)) return [attribute, null];
  if (value === true && !ariaOrData) return [attribute, ''];
  return [attribute, String(value)];
}

function describe(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const className = element.getAttribute('class') ? `.${element.getAttribute('class')!.split(' ')[0]}` : '';
  return `<${element.localName}${id}${className}>`;
}

function checkElement(vnode: VNode, problems: string[]) {
  const element = (vnode as unknown as { __e?: Node | null }).__e;
  if (typeof vnode.type !== 'string' || !(element instanceof Element)) return;
  const props = vnode.props as Record<string, unknown>;
  const named = new Set<string>();
  for (const [name, value] of Object.entries(props)) {
    const want = expected(element, name, value);
    if (!want) continue;
    const [attribute, text] = want;
    named.add(attribute.toLowerCase());
    const found = element.getAttribute(attribute);
    if (found !== text && !(text === '' && found !== null)) {
      problems.push(`${describe(element)} ${attribute}: server ${JSON.stringify(found)}, browser ${JSON.stringify(text)}`);
    }
  }
  for (const attribute of element.getAttributeNames()) {
    // `selected` is the server's way of writing a <select>'s value (the browser sets the property).
    if (attribute === 'style' || attribute === 'selected' || named.has(attribute.toLowerCase())) continue;
    if (!Object.keys(props).some((name) => name.toLowerCase() === attribute.toLowerCase())) {
      problems.push(`${describe(element)} ${attribute}: server ${JSON.stringify(element.getAttribute(attribute))}, browser none`);
    }
  }
}

/**
 * Runs the hydration, then reports each difference from the server's HTML as a console error, once the page and its
 * parts hydrated in later tasks (lazyPart) are all done. Only what changes while hydrating counts: an effect's change
 * between two stretches is the app's own.
 */
export function auditHydration(root: HTMLElement, hydrate: () => void) {
  const problems: string[] = [];
  const textBefore = root.textContent;
  // Records delivered to the callback (at a microtask checkpoint, as in a part's stretch) are kept for collect().
  let delivered: MutationRecord[] = [];
  const observer = new MutationObserver((records) => delivered.push(...records));
  observer.observe(root, { subtree: true, childList: true });
  const previous = options.diffed;
  options.diffed = (vnode) => {
    if (isHydrating()) checkElement(vnode, problems);
    previous?.(vnode);
  };
  // Elements put in or taken out: the browser's tree differed. (Text nodes alone are not: the server's HTML merges
  // adjacent texts, which Preact splits again.)
  const collect = () => {
    const records = [...delivered, ...observer.takeRecords()];
    delivered = [];
    for (const record of records) {
      for (const node of [...record.addedNodes, ...record.removedNodes]) {
        if (node.nodeType === Node.ELEMENT_NODE || node.nodeType === Node.COMMENT_NODE) {
          problems.push(`${record.addedNodes.length ? 'added' : 'removed'} ${node.nodeName} in ${describe(record.target as Element)}`);
        }
      }
    }
  };
  // Each stretch of hydration (the page's, then each part's) must leave the text as the server wrote it.
  let textAtStart = textBefore;
  const compareText = () => {
    const textAfter = root.textContent;
    if (textAfter === textAtStart) return;
    let at = 0;
    while (textAtStart?.[at] === textAfter?.[at]) at++;
    problems.push(
      `text: server ${JSON.stringify(textAtStart?.slice(Math.max(0, at - 40), at + 40))}, browser ${JSON.stringify(textAfter?.slice(Math.max(0, at - 40), at + 40))}`,
    );
  };
  const stop = onHydrationPhase((phase) => {
    if (phase === 'start') {
      observer.takeRecords();
      delivered = [];
      textAtStart = root.textContent;
    } else {
      collect();
      compareText();
    }
  });
  // Called within whileHydrating (main.tsx): its end is the page's stretch's end.
  hydrate();
  void whenHydrated().then(() => {
    stop();
    options.diffed = previous;
    observer.disconnect();
    for (const problem of problems) console.error(`Hydration mismatch: ${problem}`);
  });
}
