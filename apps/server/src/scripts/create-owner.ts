/**
 * `npm run console:create-owner -- --email ADDRESS`: bootstraps an owner of the operator console (issue 15). Creates
 * the operator (or, for an address that has no password yet, issues a new link) and prints a one-time enrolment link,
 * `${APP_BASE_URL}/console/enrol?token=...` (72 hours): it sets the password, and the first sign-in enrols TOTP.
 * The link is printed only, never mailed or logged elsewhere; the audit log records the bootstrap.
 */
import { parseArgs } from 'node:util';
import { operatorEmail } from '@hibi/contract/console/auth';
import { ConfigError, loadConfig } from '../config.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { bootstrapOwner } from '../domains/operators/service.ts';

try {
  const { values } = parseArgs({ options: { email: { type: 'string' } }, strict: true });
  const email = operatorEmail.safeParse(values.email ?? '');
  if (!email.success) {
    process.stderr.write('usage: npm run console:create-owner -- --email ADDRESS (a valid email address)\n');
    process.exit(2);
  }
  const config = loadConfig();
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(database);
    const result = await bootstrapOwner(database.db, email.data, config.appBaseUrl, new Date());
    if ('error' in result) {
      process.stderr.write(`${email.data} is an operator with a password already; an owner can reset it from the console\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`Owner ${email.data}: open this link within 72 hours to set the password, then sign in and enrol TOTP:\n${result.link}\n`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error).message ?? error)}\n`);
  process.exit(1);
}
