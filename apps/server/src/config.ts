import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR } from './paths.ts';

/**
 * The only module that reads environment variables (docs/requirements/platform.md#platform-configuration and docs/requirements/platform.md#platform-runtime). One zod schema over the
 * environment, read once at start: a wrong value stops the start with a message naming the variable and the
 * expected form, instead of silently falling back (PORT=abc) or switching a protection off (a limit of NaN).
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  demoContent: boolean;
  appBaseUrl: string;
  smtpUrl: string | undefined;
  devtoolPath: string | undefined;
  logLevel: LogLevel;
  production: boolean;
  webDistDir: string;
  /** Failed sign-ins allowed per client address (an IPv6 /64) in a 10-minute window. */
  loginLimitPerAddress: number;
  /** Fastify's trustProxy: false, a hop count, or the addresses and CIDR ranges of trusted proxies. */
  trustProxy: false | number | string[];
  /** How long SIGTERM waits for calls in flight before it closes their connections. */
  shutdownTimeoutMs: number;
  /** How long /readyz waits for the database. */
  readyTimeoutMs: number;
  /** The local mailbox page's own loopback-only port; null when there is no mailbox (production, SMTP_URL set). */
  mailboxPort: number | null;
  /** Days a mail stays in the outbox (sent or not) before maintenance deletes it. */
  outboxRetentionDays: number;
  /** A member session without a call for this long ends (SESSION_IDLE_TIMEOUT_MINUTES). */
  sessionIdleTimeoutMs: number;
  /** Key of the signed URLs of members-only files; unset: one generated and kept in the database (all processes share it). */
  mediaSigningSecret: string | undefined;
  /** Pooled PostgreSQL connections of this process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Of those, the reading calls' own (DATABASE_READ_POOL_SIZE; issue 31): fewer than databasePoolSize, 0 for one pool. */
  databaseReadPoolSize: number;
  /** How long a call may wait for PostgreSQL (DatabaseLimits below; decision 145). */
  databaseLimits: DatabaseLimits;
  /**
   * The reads' 90th percentile (ms) above which writes are held back on PostgreSQL (WRITE_ADMISSION_READ_TARGET_MS;
   * core/write-admission.ts, decisions 162 and 164); 0: the reads' speed holds no write back.
   */
  writeAdmissionReadTargetMs: number;
  /**
   * Reads a caller without a session may have answered without a kept answer per minute, per client address
   * (ANONYMOUS_READ_LIMIT_PER_ADDRESS; issue 53, decision 174); beyond it, 429 tooManyRequests. 0: no limit.
   */
  anonymousReadLimitPerAddress: number;
  /**
   * How long the server may call itself before it listens (WARM_UP_MS; warm-up.ts, decision 172), after opening its
   * connections; 0: no warm-up.
   */
  warmUpMs: number;
  /** Web Push's VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY); unset: one generated and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT (mailto: or https:); unset: APP_BASE_URL when it is https, else mailto:no-reply@ its host. */
  vapidSubject: string;
  /** The push services' origins a subscription's endpoint may name (PUSH_ALLOWED_ORIGINS; decision 153). */
  pushAllowedOrigins: PushOrigin[];
  /** NODE_OPTIONS as Node read it at start: main.ts looks there for the start command's flags (decision 170). */
  nodeOptions: string;
  /**
   * Magazine mails handed to the outbox per minute, over all processes (MAGAZINE_RATE_PER_MINUTE;
   * docs/requirements/magazine.md#magazine-delivery, docs/decisions/185-magazine-delivery.md).
   */
  magazineRatePerMinute: number;
  /**
   * The address of the magazine's `List-Unsubscribe` mailto (MAGAZINE_UNSUBSCRIBE_MAILTO); unset: unsubscribe@ the
   * host of the mail's From address (docs/requirements/magazine.md#magazine-unsubscribe).
   */
  magazineUnsubscribeMailto: string;
}

/**
 * An origin push endpoints may point at: `https://host[:port]`, the host possibly `*.suffix` (any name under it).
 * `http:` only for a loopback host outside production (tests' own push service). `loopback` marks such an entry: the
 * sender may connect to it although it is a private address.
 */
export interface PushOrigin {
  protocol: 'https:' | 'http:';
  /** Lower-case host name or address (IPv6 in brackets), or `*.suffix`. */
  host: string;
  /** The port as URL.port gives it: '' for the scheme's default. */
  port: string;
  loopback: boolean;
}

/** The push services of Chrome (FCM), Firefox (Mozilla autopush), Safari (Apple) and Edge (WNS). */
export const DEFAULT_PUSH_ALLOWED_ORIGINS =
  'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Parses PUSH_ALLOWED_ORIGINS; a string (the reason) when an entry is not an origin we accept. */
export function parsePushOrigins(value: string, production: boolean): PushOrigin[] | string {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length) return 'expected at least one origin';
  const out: PushOrigin[] = [];
  for (const entry of entries) {
    const m = /^(https?):\/\/(\*\.)?([A-Za-z0-9.-]+|\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?\/?$/.exec(entry);
    if (!m) return `${entry} is not an origin such as https://push.example.com or https://*.example.com`;
    const protocol = `${m[1]}:` as 'https:' | 'http:';
    const wildcard = Boolean(m[2]);
    let url: URL;
    try {
      url = new URL(`${protocol}//${m[3]}${m[4] ? `:${m[4]}` : ''}`);
    } catch {
      return `${entry} is not an origin`;
    }
    const host = url.hostname.toLowerCase();
    const loopback = LOOPBACK_HOSTS.has(host);
    const literal = net.isIP(host.replace(/^\[|\]$/g, '')) > 0;
    if (wildcard && (literal || !host.includes('.'))) return `${entry}: a wildcard needs a domain name with a dot after *.`;
    if (literal && !loopback) return `${entry}: an address is accepted only for a loopback test service (127.0.0.1, [::1])`;
    if (loopback && production) return `${entry}: a loopback push service is for tests only, never in production`;
    if (protocol === 'http:' && !loopback) return `${entry}: push services must use https://`;
    out.push({ protocol, host: wildcard ? `*.${host}` : host, port: url.port, loopback });
  }
  return out;
}

/** base64url without padding, decoding to exactly `bytes` bytes. */
const base64urlBytes = (bytes: number) => (value: string) =>
  /^[A-Za-z0-9_-]+$/.test(value) &&
  Buffer.from(value, 'base64url').length === bytes &&
  Buffer.from(value, 'base64url').toString('base64url') === value;

/**
 * How long a call may wait for PostgreSQL (issue 31, decision 145). Each bound turns a database that crashed, stalled
 * or went silent into a failure the entries answer 503 `serviceUnavailable` (db/unavailable.ts) within seconds, and
 * keeps one slow table from holding every pooled connection.
 */
export interface DatabaseLimits {
  /** Wait for a pooled connection (every one busy) or for a new connection to be made; beyond it the call is shed. */
  acquireTimeoutMs: number;
  /** PostgreSQL's statement_timeout of every pooled connection. */
  statementTimeoutMs: number;
  /** PostgreSQL's lock_timeout: a write waiting on a locked row or table gives up after this. */
  lockTimeoutMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a transaction left open (a stuck process) frees its locks. */
  idleInTransactionTimeoutMs: number;
}

/** Pooled connections per process by default (DATABASE_POOL_SIZE; decision 159: was 10). */
export const DEFAULT_POOL_SIZE = 5;

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  acquireTimeoutMs: 3000,
  statementTimeoutMs: 5000,
  lockTimeoutMs: 3000,
  idleInTransactionTimeoutMs: 10_000,
};

/** WRITE_ADMISSION_READ_TARGET_MS by default: decisions 162 (20 ms) and 164 (10 ms). */
export const DEFAULT_WRITE_ADMISSION_READ_TARGET_MS = 10;

/** WARM_UP_MS by default (decision 172). */
export const DEFAULT_WARM_UP_MS = 2000;
/** ANONYMOUS_READ_LIMIT_PER_ADDRESS by default (decision 174): per minute. */
export const DEFAULT_ANONYMOUS_READ_LIMIT_PER_ADDRESS = 120;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const integer = (min: number, max: number, form: string) =>
  z
    .string()
    .regex(/^\d+$/, { message: form })
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, { message: form });

const flag = z.enum(['true', 'false', '1', '0'], { message: 'expected true or false' }).transform((v) => v === 'true' || v === '1');

const url = (protocols: string[], form: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: form },
  );

/** A CIDR range or a single address, IPv4 or IPv6 ("10.0.0.0/8", "::1", "fd00::/8"). */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = net.isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((value, ctx) => {
  const v = value.trim();
  if (v === 'false' || v === 'off' || v === '0') return false as const;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops >= 1 && hops <= 32) return hops;
  } else {
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (entries.length && entries.every(isAddressOrRange)) return entries;
  }
  ctx.addIssue({
    code: 'custom',
    message: 'expected off, a hop count (1-32), or a comma-separated list of addresses and CIDR ranges such as 127.0.0.1,10.0.0.0/8',
  });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: opt(z.enum(['production', 'development', 'test'], { message: 'expected production, development or test' })),
  PORT: opt(integer(1, 65535, 'expected a port number from 1 to 65535')),
  HOST: opt(z.string().refine((h) => net.isIP(h) > 0 || /^[A-Za-z0-9.-]{1,253}$/.test(h), { message: 'expected an address or host name' })),
  DATABASE_URL: opt(url(['postgres:', 'postgresql:'], 'expected a PostgreSQL URL such as postgres://user:password@host:5432/database')),
  DATA_DIR: opt(z.string()),
  DEMO_CONTENT: opt(flag),
  APP_BASE_URL: opt(url(['http:', 'https:'], 'expected the public http(s) URL of the app, such as https://hibi.example.com')),
  SMTP_URL: opt(url(['smtp:', 'smtps:'], 'expected an SMTP URL such as smtp://user:password@mail.example.com:587')),
  DEVTOOL_PATH: opt(z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'expected 8 to 64 letters, digits, - or _' })),
  DEVTOOL_IN_PRODUCTION: opt(flag),
  LOG_LEVEL: opt(z.enum(LOG_LEVELS, { message: `expected one of ${LOG_LEVELS.join(', ')}` })),
  WEB_DIST_DIR: opt(z.string()),
  LOGIN_LIMIT_PER_ADDRESS: opt(integer(1, 10_000_000, 'expected a positive integer')),
  TRUST_PROXY: opt(trustProxy),
  SHUTDOWN_TIMEOUT_MS: opt(integer(0, 600_000, 'expected milliseconds from 0 to 600000')),
  READY_TIMEOUT_MS: opt(integer(50, 60_000, 'expected milliseconds from 50 to 60000')),
  MAILBOX_PORT: opt(integer(0, 65535, 'expected a port number (0: no mailbox page)')),
  OUTBOX_RETENTION_DAYS: opt(integer(1, 3650, 'expected a positive whole number of days')),
  MEDIA_SIGNING_SECRET: opt(
    z.string().min(32, { message: 'expected at least 32 characters' }).max(256, { message: 'expected at most 256 characters' }),
  ),
  SESSION_IDLE_TIMEOUT_MINUTES: opt(integer(5, 60 * 24 * 31, 'expected minutes from 5 to 44640 (31 days)')),
  DATABASE_POOL_SIZE: opt(integer(1, 200, 'expected a number of connections from 1 to 200')),
  DATABASE_READ_POOL_SIZE: opt(integer(0, 199, 'expected a number of connections from 0 to 199, below DATABASE_POOL_SIZE')),
  DATABASE_ACQUIRE_TIMEOUT_MS: opt(integer(100, 60_000, 'expected milliseconds from 100 to 60000')),
  DATABASE_STATEMENT_TIMEOUT_MS: opt(integer(100, 600_000, 'expected milliseconds from 100 to 600000')),
  DATABASE_LOCK_TIMEOUT_MS: opt(integer(100, 600_000, 'expected milliseconds from 100 to 600000')),
  WRITE_ADMISSION_READ_TARGET_MS: opt(integer(0, 60_000, 'expected milliseconds from 0 (off) to 60000')),
  ANONYMOUS_READ_LIMIT_PER_ADDRESS: opt(integer(0, 10_000_000, 'expected a number of calls per minute (0: no limit)')),
  WARM_UP_MS: opt(integer(0, 60_000, 'expected milliseconds from 0 (no warm-up) to 60000')),
  VAPID_PUBLIC_KEY: opt(
    z
      .string()
      .refine(base64urlBytes(65), { message: 'expected the VAPID public key: an uncompressed P-256 point, 65 bytes in base64url (87 characters)' }),
  ),
  VAPID_PRIVATE_KEY: opt(z.string().refine(base64urlBytes(32), { message: 'expected the VAPID private key: 32 bytes in base64url (43 characters)' })),
  VAPID_SUBJECT: opt(url(['mailto:', 'https:'], 'expected a mailto: address or an https:// URL of the operator, such as mailto:push@example.com')),
  PUSH_ALLOWED_ORIGINS: opt(z.string()),
  MAGAZINE_RATE_PER_MINUTE: opt(integer(1, 1_000_000, 'expected a number of mails per minute from 1 to 1000000')),
  MAGAZINE_UNSUBSCRIBE_MAILTO: opt(
    z.string().regex(/^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}$/, { message: 'expected a plain mail address such as unsubscribe@example.com' }),
  ),
  VITEST: opt(z.string()),
  NODE_OPTIONS: opt(z.string()),
});

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = String(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** Reads and checks the environment; throws ConfigError naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const secret = name === 'DATABASE_URL' || name === 'SMTP_URL' || name === 'MEDIA_SIGNING_SECRET' || name === 'VAPID_PRIVATE_KEY';
      return `${name}: ${issue.message}${secret ? '' : ` (got ${describeValue(env[name])})`}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const port = e.PORT ?? 3000;
  const smtpUrl = e.SMTP_URL;

  // Production refuses what is only safe on a developer's machine (issue 12: demo accounts with a published
  // password, links in a page anyone behind a same-host proxy can read, a developer tool).
  const problems: string[] = [];
  if (production) {
    if (e.DEMO_CONTENT === true) problems.push('DEMO_CONTENT: the demo content (accounts with a published password) is never loaded in production');
    if (!e.APP_BASE_URL) problems.push('APP_BASE_URL: required in production (the public URL used in emailed links)');
    if (!smtpUrl) problems.push('SMTP_URL: required in production (without it mail would never leave the outbox)');
    if (e.DEVTOOL_PATH && e.DEVTOOL_IN_PRODUCTION !== true)
      problems.push('DEVTOOL_PATH: the developer tool is off in production unless DEVTOOL_IN_PRODUCTION=true');
  }
  if (e.MAILBOX_PORT !== undefined && e.MAILBOX_PORT !== 0 && e.MAILBOX_PORT === port) problems.push('MAILBOX_PORT: must differ from PORT');
  if (e.DATABASE_READ_POOL_SIZE !== undefined && e.DATABASE_READ_POOL_SIZE >= (e.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE))
    problems.push('DATABASE_READ_POOL_SIZE: expected fewer connections than DATABASE_POOL_SIZE (they are part of it), or 0 for one pool');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a key pair, e.g. from `npx web-push generate-vapid-keys`) or neither');
  const pushAllowedOrigins = parsePushOrigins(e.PUSH_ALLOWED_ORIGINS ?? DEFAULT_PUSH_ALLOWED_ORIGINS, production);
  if (typeof pushAllowedOrigins === 'string') problems.push(`PUSH_ALLOWED_ORIGINS: ${pushAllowedOrigins}`);
  if (problems.length || typeof pushAllowedOrigins === 'string') throw new ConfigError(problems);

  const appBaseUrl = (e.APP_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const mailboxWanted = !production && !smtpUrl;
  const mailboxPort = mailboxWanted ? (e.MAILBOX_PORT ?? (port < 65535 ? port + 1 : 0)) : 0;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    demoContent: production ? false : (e.DEMO_CONTENT ?? e.DATABASE_URL === undefined),
    appBaseUrl,
    smtpUrl,
    devtoolPath: e.DEVTOOL_PATH,
    logLevel: e.LOG_LEVEL ?? (e.VITEST ? 'silent' : 'info'),
    production,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    loginLimitPerAddress: e.LOGIN_LIMIT_PER_ADDRESS ?? 100,
    trustProxy: e.TRUST_PROXY ?? false,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    readyTimeoutMs: e.READY_TIMEOUT_MS ?? 2_000,
    mailboxPort: mailboxPort === 0 ? null : mailboxPort,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS ?? 7,
    // 14 days by default: the mobile app keeps a member signed in for 31 days, but not an abandoned device's session.
    sessionIdleTimeoutMs: (e.SESSION_IDLE_TIMEOUT_MINUTES ?? 14 * 24 * 60) * 60_000,
    mediaSigningSecret: e.MEDIA_SIGNING_SECRET,
    // Two processes per core on one PostgreSQL: each holds up to this many plus its change-feed listener. Few on
    // purpose: PostgreSQL runs about two statements per core at once, and more connections only queue there (where a
    // read waits behind them) instead of here (decisions 145 and 159).
    databasePoolSize: e.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE,
    // Four in ten for the reads (2 of the default 5): a booking storm keeps the other three, reads keep their speed.
    databaseReadPoolSize: e.DATABASE_READ_POOL_SIZE ?? Math.floor((e.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE) * 0.4),
    databaseLimits: {
      acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS ?? DEFAULT_DATABASE_LIMITS.acquireTimeoutMs,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS ?? DEFAULT_DATABASE_LIMITS.statementTimeoutMs,
      lockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS ?? DEFAULT_DATABASE_LIMITS.lockTimeoutMs,
      idleInTransactionTimeoutMs: DEFAULT_DATABASE_LIMITS.idleInTransactionTimeoutMs,
    },
    writeAdmissionReadTargetMs: e.WRITE_ADMISSION_READ_TARGET_MS ?? DEFAULT_WRITE_ADMISSION_READ_TARGET_MS,
    anonymousReadLimitPerAddress: e.ANONYMOUS_READ_LIMIT_PER_ADDRESS ?? DEFAULT_ANONYMOUS_READ_LIMIT_PER_ADDRESS,
    warmUpMs: e.WARM_UP_MS ?? DEFAULT_WARM_UP_MS,
    vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? defaultVapidSubject(appBaseUrl),
    pushAllowedOrigins,
    nodeOptions: e.NODE_OPTIONS ?? '',
    magazineRatePerMinute: e.MAGAZINE_RATE_PER_MINUTE ?? 600,
    magazineUnsubscribeMailto: e.MAGAZINE_UNSUBSCRIBE_MAILTO ?? `unsubscribe@${mailHost(appBaseUrl)}`,
  };
}

/** The host of the mail's From address (mail/sender.ts's mailFrom): APP_BASE_URL's, with a dot. */
function mailHost(appBaseUrl: string): string {
  const host = new URL(appBaseUrl).hostname || 'localhost';
  return host.includes('.') ? host : `${host}.localdomain`;
}

/** The operator's contact push services ask for: the app's https URL, else a no-reply address at its host. */
function defaultVapidSubject(appBaseUrl: string): string {
  const u = new URL(appBaseUrl);
  if (u.protocol === 'https:') return u.origin;
  const host = u.hostname.includes('.') ? u.hostname : `${u.hostname}.localdomain`;
  return `mailto:no-reply@${host}`;
}

/** The environment handed on to child processes the server starts (pg_dump, pg_restore): theirs to read, not ours. */
export function childProcessEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
