// A PostgreSQL cluster of a test's own (issue 31): Debian's initdb and pg_ctl in a temporary folder, on a free port of
// its own, run as the `postgres` user (PostgreSQL refuses to run as root). The test may crash it (`pg_ctl stop -m
// immediate`), stop and start it at will; the machine's shared cluster is never touched.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether this machine can start a cluster of a test's own (the binaries are there; root or the postgres user). */
export function canStartPrivateCluster(): boolean {
  return fs.existsSync(path.join(PG_BIN, 'initdb')) && fs.existsSync(path.join(PG_BIN, 'pg_ctl')) && process.platform === 'linux';
}

/** A port nobody listens on just now, from `from` upwards. */
export async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 1000; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

export class PrivateCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    /** More `-c name=value` settings of the server (a benchmark's shared_buffers). */
    readonly settings: readonly string[] = [],
  ) {}

  get dataDir() {
    return path.join(this.dir, 'data');
  }

  /** postgres://postgres@127.0.0.1:PORT/<database> */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** As the postgres user when this process is root (PostgreSQL refuses root). */
  private async as(command: string, args: string[]): Promise<void> {
    const file = path.join(PG_BIN, command);
    if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: this.dir });
    else await run(file, args, { cwd: this.dir });
  }

  /** initdb in a new temporary folder (trust authentication, no fsync: a test's data), then start. */
  static async create(portFrom = 55432, settings: readonly string[] = []): Promise<PrivateCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-pg-'));
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    const cluster = new PrivateCluster(dir, await freePort(portFrom + Math.floor(Math.random() * 500)), settings);
    await cluster.as('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await cluster.start();
    return cluster;
  }

  /** Starts (again) and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c max_connections=120',
      '-c shared_buffers=32MB',
      ...this.settings.map((setting) => `-c ${setting}`),
    ].join(' ');
    await this.as('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', path.join(this.dir, 'log'), '-w', '-t', '60', 'start']);
  }

  /** A crash: every backend killed at once, no checkpoint; the next start recovers from the WAL. */
  async crash(): Promise<void> {
    await this.as('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
  }

  /** Stops for good (fast) and removes the folder. */
  async destroy(): Promise<void> {
    await this.as('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A TCP relay in front of the cluster, so a test can cut the network: `drop()` resets every connection through it and
 * refuses new ones until `restore()` (a network drop, then the host answering again: a failover's view from the app).
 */
export class Relay {
  #sockets = new Set<net.Socket>();
  #down = false;
  private constructor(
    readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number, portFrom = 56432): Promise<Relay> {
    const port = await freePort(portFrom + Math.floor(Math.random() * 500));
    const server = net.createServer();
    const relay = new Relay(server, port);
    server.on('connection', (client) => relay.#accept(client, targetPort));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return relay;
  }

  #accept(client: net.Socket, targetPort: number): void {
    if (this.#down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    this.#sockets.add(client);
    this.#sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.#sockets.delete(client);
      this.#sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  drop(): void {
    this.#down = true;
    for (const socket of this.#sockets) socket.resetAndDestroy();
    this.#sockets.clear();
  }

  restore(): void {
    this.#down = false;
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
