import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-shutdown-'));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
/** The address people open, unlike the socket's (issue 55): the start log names it. */
const appBaseUrl = `http://hibi.localhost:${port}`;

function start(logLevel = 'silent'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'true',
      DATABASE_URL: '',
      APP_BASE_URL: appBaseUrl,
      LOG_LEVEL: logLevel,
      WEB_DIST_DIR: dataDir,
      MAILBOX_PORT: '0',
    },
    stdio: logLevel === 'silent' ? 'ignore' : ['ignore', 'pipe', 'inherit'],
  });
}

/** Resolves when the server writes a log line with this message. */
function logged(server: ChildProcess, msg: string): Promise<void> {
  return new Promise((resolve) => {
    let buffer = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      if (buffer.includes(`"msg":"${msg}"`)) resolve();
    });
  });
}

async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const post = (name: string, body: unknown, token?: string) =>
  fetch(`${base}/api/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('clean shutdown on the embedded database', () => {
  it('SIGTERM exits 0 and what was written before is there after a restart', async () => {
    let server = start();
    await waitUp();
    const login: any = await (await post('login', { id: 'member@example.com', password: 'wellbeing-demo' })).json();
    expect(login.succeed).toBe(true);
    await post('updateLocale', { locale: 'en' }, login.token);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);

    server = start();
    await waitUp();
    const again: any = await (await post('authenticateWithToken', {}, login.token)).json();
    const exitedAgain = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGINT');
    expect(await exitedAgain).toBe(0);
    expect(again.succeed).toBe(true);
    expect(again.user.locale).toBe('en');
  }, 120_000);

  it('SIGTERM lets a call in flight finish, refuses new connections, then exits 0', async () => {
    const server = start('info');
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    await waitUp();
    // The start log says where to open the app: APP_BASE_URL, not the socket's 127.0.0.1 (issue 55).
    await expect.poll(() => out, { timeout: 10_000 }).toContain(`"msg":"open the app at ${appBaseUrl}"`);
    const lines = out
      .split('\n')
      .filter((line) => line.startsWith('{') && line.endsWith('}'))
      .map((line) => JSON.parse(line) as { msg: string; url?: string });
    expect(lines.find((l) => l.msg.startsWith('open the app'))?.url).toBe(appBaseUrl);
    expect(lines.filter((l) => /Server listening at/.test(l.msg))).toEqual([]);
    const body = JSON.stringify({ id: 'member@example.com', password: 'wellbeing-demo' });
    // A call in flight when SIGTERM comes: its headers are parsed (the server said 100 Continue), its body comes after.
    const response = new Promise<{ status: number; json: any }>((resolve, reject) => {
      const req = http.request(
        `${base}/api/functions/login`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' } },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        const stopping = logged(server, 'shutting down');
        server.kill('SIGTERM');
        void stopping.then(async () => {
          await expect(fetch(`${base}/healthz`)).rejects.toThrow();
          req.end(body);
        });
      });
      req.flushHeaders();
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(answer.json.succeed).toBe(true);
    expect(await exited).toBe(0);
  }, 120_000);
});
