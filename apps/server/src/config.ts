import path from 'node:path';

/** The only module that reads environment variables (product-decisions §6). */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  demoContent: boolean;
  appBaseUrl: string;
  smtpUrl: string | undefined;
  devtoolPath: string | undefined;
  logLevel: string;
  production: boolean;
  webDistDir: string;
  /** Sign-in attempts allowed per client address in a 10-minute window. */
  loginLimitPerAddress: number;
  /** Days a mail stays in the outbox (sent or not) before maintenance deletes it. */
  outboxRetentionDays: number;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === 'true' || value === '1';
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number (got "${value}")`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  return {
    port: Number.isInteger(port) && port > 0 ? port : 3000,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    demoContent: bool(env.DEMO_CONTENT, databaseUrl === undefined),
    appBaseUrl: (env.APP_BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    devtoolPath: env.DEVTOOL_PATH || undefined,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : env.VITEST ? 'silent' : 'info'),
    production,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : path.resolve(import.meta.dirname, '../../web/dist'),
    loginLimitPerAddress: Number(env.LOGIN_LIMIT_PER_ADDRESS ?? 300),
    outboxRetentionDays: positiveInteger('OUTBOX_RETENTION_DAYS', env.OUTBOX_RETENTION_DAYS, 7),
  };
}
