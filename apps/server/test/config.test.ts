import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { spawnServer, waitUntilUp } from './server-process.ts';

const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
const PRODUCTION = { NODE_ENV: 'production', APP_BASE_URL: 'https://hibi.example.com', SMTP_URL: 'smtp://mail.example.com:587' };

function problemsOf(vars: Record<string, string>): string[] {
  try {
    loadConfig(env(vars));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration (one zod schema over the environment)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(env({}));
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      demoContent: true,
      trustProxy: false,
      production: false,
      loginLimitPerAddress: 100,
      anonymousReadLimitPerAddress: 120,
    });
    expect(loadConfig(env({ ANONYMOUS_READ_LIMIT_PER_ADDRESS: '0' })).anonymousReadLimitPerAddress).toBe(0);
    expect(config.appBaseUrl).toBe('http://localhost:3000');
    // Four in ten of the pooled connections are the reading calls' own (issue 31).
    expect([config.databasePoolSize, config.databaseReadPoolSize]).toEqual([5, 2]);
    expect(loadConfig(env({ DATABASE_POOL_SIZE: '10' })).databaseReadPoolSize).toBe(4);
    expect(loadConfig(env({ DATABASE_POOL_SIZE: '1' })).databaseReadPoolSize).toBe(0);
    expect(loadConfig(env({ DATABASE_URL: 'postgres://u@db:5432/hibi' })).demoContent).toBe(false);
    // NODE_OPTIONS is read here too, for main.ts's check of the start command's flags (decision 170).
    expect(config.nodeOptions).toBe('');
    expect(loadConfig(env({ NODE_OPTIONS: '--max-semi-space-size=16' })).nodeOptions).toBe('--max-semi-space-size=16');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', 'port number'],
    [{ PORT: '70000' }, 'PORT', 'port number'],
    [{ PORT: '3000.5' }, 'PORT', 'port number'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'fatal, error, warn, info, debug, trace, silent'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL', 'PostgreSQL URL'],
    [{ DATABASE_URL: 'mysql://u@h/db' }, 'DATABASE_URL', 'PostgreSQL URL'],
    [{ LOGIN_LIMIT_PER_ADDRESS: 'abc' }, 'LOGIN_LIMIT_PER_ADDRESS', 'positive integer'],
    [{ LOGIN_LIMIT_PER_ADDRESS: '0' }, 'LOGIN_LIMIT_PER_ADDRESS', 'positive integer'],
    [{ LOGIN_LIMIT_PER_ADDRESS: '-5' }, 'LOGIN_LIMIT_PER_ADDRESS', 'positive integer'],
    [{ ANONYMOUS_READ_LIMIT_PER_ADDRESS: '-1' }, 'ANONYMOUS_READ_LIMIT_PER_ADDRESS', 'calls per minute'],
    [{ ANONYMOUS_READ_LIMIT_PER_ADDRESS: 'many' }, 'ANONYMOUS_READ_LIMIT_PER_ADDRESS', 'calls per minute'],
    [{ DEMO_CONTENT: 'yes' }, 'DEMO_CONTENT', 'true or false'],
    [{ APP_BASE_URL: 'hibi.example.com' }, 'APP_BASE_URL', 'http(s) URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL', 'SMTP URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY', 'hop count'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY', 'CIDR'],
    [{ TRUST_PROXY: '10.0.0.1,nope' }, 'TRUST_PROXY', 'CIDR'],
    [{ SHUTDOWN_TIMEOUT_MS: 'soon' }, 'SHUTDOWN_TIMEOUT_MS', 'milliseconds'],
    [{ DEVTOOL_PATH: 'a/b' }, 'DEVTOOL_PATH', 'letters'],
    [{ DATABASE_READ_POOL_SIZE: '10' }, 'DATABASE_READ_POOL_SIZE', 'fewer connections than DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: '4', DATABASE_READ_POOL_SIZE: '4' }, 'DATABASE_READ_POOL_SIZE', 'fewer connections than DATABASE_POOL_SIZE'],
    [{ DATABASE_READ_POOL_SIZE: '-1' }, 'DATABASE_READ_POOL_SIZE', 'from 0 to 199'],
  ])('refuses %o naming the variable and the expected form', (vars, name, form) => {
    const problems = problemsOf(vars);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
    expect(problems[0]).toContain(form);
  });

  it('names every wrong variable at once, and never echoes a URL that may hold a password', () => {
    const problems = problemsOf({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://root:s3cret@h/db' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('reads TRUST_PROXY as off, a hop count, or addresses and CIDR ranges', () => {
    expect(loadConfig(env({ TRUST_PROXY: 'false' })).trustProxy).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: '1' })).trustProxy).toBe(1);
    expect(loadConfig(env({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' })).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
  });

  it('production: no demo content, public URL and SMTP required, developer tool only when explicitly allowed (issue 12, 2)', () => {
    expect(loadConfig(env(PRODUCTION)).demoContent).toBe(false);
    expect(problemsOf({ ...PRODUCTION, DEMO_CONTENT: 'true' })[0]).toMatch(/^DEMO_CONTENT: /);
    expect(problemsOf({ NODE_ENV: 'production', SMTP_URL: PRODUCTION.SMTP_URL })[0]).toMatch(/^APP_BASE_URL: required/);
    expect(problemsOf({ NODE_ENV: 'production', APP_BASE_URL: PRODUCTION.APP_BASE_URL })[0]).toMatch(/^SMTP_URL: required/);
    expect(problemsOf({ ...PRODUCTION, DEVTOOL_PATH: 'dev-tool-1234' })[0]).toMatch(/^DEVTOOL_PATH: /);
    expect(loadConfig(env({ ...PRODUCTION, DEVTOOL_PATH: 'dev-tool-1234', DEVTOOL_IN_PRODUCTION: 'true' })).devtoolPath).toBe('dev-tool-1234');
    expect(loadConfig(env(PRODUCTION)).mailboxPort).toBeNull();
  });

  it('is the only module that reads process.env', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const readers = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /process\.env\b/.test(fs.readFileSync(path.join(src, f), 'utf8')))
      .map((f) => f.split(path.sep).join('/'));
    expect(readers).toEqual(['config.ts']);
  });

  it('a wrong value stops the real server before it listens, with the message on standard error', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'abc', LOGIN_LIMIT_PER_ADDRESS: 'NaN', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: expected a port number from 1 to 65535 (got "abc")');
    expect(result.stderr).toContain('LOGIN_LIMIT_PER_ADDRESS: expected a positive integer');
    expect(result.stderr).toContain('The server did not start.');
  });

  it("a test waiting for a server that stopped at start fails at once, with the server's standard error", async () => {
    const child = spawnServer({ PORT: 'abc', DATABASE_URL: '' });
    const failure = await waitUntilUp('http://127.0.0.1:9', { child, timeoutMs: 60_000 }).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/exited \(1\)/);
    expect((failure as Error).message).toContain('PORT: expected a port number from 1 to 65535 (got "abc")');
  });

  it('a server whose port is taken stops and says so, even with LOG_LEVEL=silent (what startServer tries again on)', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-port-taken-'));
    try {
      const child = spawnServer({ PORT: String(port), DATABASE_URL: '', DATA_DIR: dataDir, DEMO_CONTENT: 'false' });
      const failure = await waitUntilUp(`http://127.0.0.1:${port}`, { child, timeoutMs: 60_000 }).catch((e: Error) => e);
      expect((failure as Error).message).toMatch(/exited \(1\)/);
      expect((failure as Error).message).toContain('EADDRINUSE');
      expect((failure as Error).message).toContain('The server did not start.');
    } finally {
      taken.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
