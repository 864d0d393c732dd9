// Outbox throughput: N mails queued, one sender delivering to a local SMTP peer (smtp-server). Prints figures only.
// Run: node --import tsx apps/server/bench/mail.bench.ts [count]   (PGlite in memory; TEST_DATABASE_URL not used)
import { inArray, sql } from 'drizzle-orm';
import { openPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { mailOutbox } from '../src/db/schema/lifecycle.ts';
import { enqueueMail } from '../src/mail/outbox.ts';
import { startMailSender } from '../src/mail/sender.ts';
import { smtpPeer } from '../test/smtp-peer.ts';

const count = Number(process.argv[2] ?? 300);
const peer = smtpPeer();
const port = await peer.listen();

const database = await openPglite('memory://');
await migrate(database);
const db = database.db;
// A tenant-less user is not needed: the outbox has no foreign keys.
const t0 = performance.now();
const ids: number[] = [];
for (let i = 0; i < count; i++) {
  ids.push(
    await enqueueMail(
      db,
      {
        kind: i % 2 ? 'reset' : 'signup',
        locale: i % 3 ? 'ja' : 'en',
        to: `bench${i}@example.org`,
        name: `user${i}`,
        link: `http://localhost/setPassword?token=${i}`,
      },
      new Date(),
    ),
  );
}
const queued = performance.now() - t0;

const t1 = performance.now();
const sender = startMailSender({ db, smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Hibi <no-reply@hibi.localdomain>', pollMs: 10, batchSize: 50 });
for (;;) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending']));
  if (Number(row!.n) === 0) break;
  await new Promise((r) => setTimeout(r, 20));
}
const delivered = performance.now() - t1;
await sender.stop();
const [dupes] = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(mailOutbox)
  .where(
    sql`${mailOutbox.attempts} > 1 AND ${mailOutbox.id} IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
console.log(`mails: ${count}`);
console.log(`queue (one INSERT each, rendered ja/en text+HTML): ${queued.toFixed(0)} ms, ${((count / queued) * 1000).toFixed(0)} mails/s`);
console.log(`deliver over SMTP (one sender, batches of 50): ${delivered.toFixed(0)} ms, ${((count / delivered) * 1000).toFixed(0)} mails/s`);
console.log(`received by the peer: ${peer.received.length}; retried mails: ${Number(dupes!.n)}`);
await peer.close();
await database.close();
