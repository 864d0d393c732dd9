import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/lifecycle.ts';
import { escapeHtml } from './templates.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True only for a request whose TCP peer is this machine (the socket, not a forwarded header). */
export function fromLocalMachine(request: FastifyRequest): boolean {
  const address = request.raw.socket?.remoteAddress ?? '';
  return LOOPBACK.has(address) || address.startsWith('127.');
}

const SHOWN = 100;

function linkify(escapedText: string): string {
  return escapedText.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * GET /dev/mailbox: without SMTP_URL the mail stays in the outbox; this page lists it so that a person trying the
 * app on their own machine can follow every emailed link. Anyone else gets 404 (the page does not exist for them).
 */
export function registerMailbox(app: FastifyInstance, db: Db) {
  app.get('/dev/mailbox', async (request, reply) => {
    if (!fromLocalMachine(request)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    // `?to=` keeps one recipient's mail: a mail magazine going out to hundreds would push it off the page.
    const to = (request.query as { to?: unknown }).to;
    const recipient = typeof to === 'string' && to !== '' ? to.toLowerCase() : null;
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(recipient ? sql`lower(${mailOutbox.toAddress}) = ${recipient}` : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(SHOWN);
    const items = mails
      .map(
        (m) => `<li class="mail" id="mail-${m.id}">
<article aria-labelledby="mail-${m.id}-subject">
<h2 id="mail-${m.id}-subject">${escapeHtml(m.subject)}</h2>
<dl>
<dt>To</dt><dd class="mail__to">${escapeHtml(m.toAddress)}</dd>
<dt>Date</dt><dd><time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString())}</time></dd>
<dt>Language</dt><dd>${escapeHtml(m.locale)}</dd>
<dt>Status</dt><dd>${escapeHtml(m.status)}</dd>
</dl>
${m.textBody ? `<pre class="mail__body" lang="${escapeHtml(m.locale)}">${linkify(escapeHtml(m.textBody))}</pre>` : '<p class="mail__body">The body is removed once a mail has been sent.</p>'}
</article>
</li>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Local mailbox – Hibi</title>
<link rel="stylesheet" href="/media/lifecycle/mailbox.css">
</head>
<body>
<main>
<h1>Local mailbox</h1>
<p>Mail kept in the outbox because no SMTP server is configured (SMTP_URL), newest first, at most ${SHOWN}${recipient ? ` to ${escapeHtml(recipient)}` : ''}. Only this machine can see this page.</p>
${mails.length ? `<ol class="mails">\n${items}\n</ol>` : '<p class="empty">No mail yet.</p>'}
</main>
</body>
</html>
`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
