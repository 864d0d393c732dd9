// The magazine's mail (docs/requirements/magazine.md#magazine-unsubscribe): an HTML part and a text part from the
// sanitised body, a footer that says why the member gets it with a visible link to leave, and the List-Unsubscribe
// header fields (RFC 2369 and RFC 8058 one-click, mail/headers.ts). Decision 185.
import type { Locale } from '@hibi/contract/protocol';
import { escapeHtml, type RenderedMail } from '../../mail/templates.ts';
import { listUnsubscribeHeaders } from '../../mail/headers.ts';

const COPY: Record<Locale, { why: string; leave: string; leaveLink: string; testPrefix: string; testNote: string; office: string }> = {
  ja: {
    why: 'このメールは、Hibi をご利用の方のうち、メールマガジンの受け取りを設定で「受け取る」にしている方にお送りしています。',
    leave: 'メールマガジンの配信を停止するには、次のリンクを開いてください（ログインは不要です）。',
    leaveLink: '配信を停止する',
    testPrefix: '[テスト] ',
    testNote: 'これはテスト送信です。配信停止のリンクは何も変更しません。',
    office: 'Hibi（日々）事務局',
  },
  en: {
    why: 'You receive this mail because you use Hibi and the mail magazine is on in your settings.',
    leave: 'To stop receiving the mail magazine, open the link below (no sign-in needed).',
    leaveLink: 'Unsubscribe',
    testPrefix: '[TEST] ',
    testNote: 'This is a test send. Its unsubscribe link changes nothing.',
    office: 'The Hibi administration office',
  },
};

export interface MagazineMail {
  subject: string;
  /** Sanitised HTML (lib/sanitize.ts sanitizeMagazineHtml). */
  body: string;
  /** APP_BASE_URL: relative links and images become absolute to it. */
  origin: string;
  unsubscribeUrl: string;
  /** The List-Unsubscribe mailto address (MAGAZINE_UNSUBSCRIBE_MAILTO). */
  mailto: string;
  test?: boolean;
}

/** Relative `src` and `href` of the sanitised body made absolute to the app's origin (a mail has no base URL). */
export function absoluteUrls(html: string, origin: string): string {
  return html.replace(/\b(src|href)="\/(?!\/)/g, (_m, attr: string) => `${attr}="${origin}/`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[name.toLowerCase()] ?? m;
  });
}

/**
 * Sanitised rich text as readable plain text: paragraphs and headings apart, list items with a dash, table cells
 * apart, links as "label <url>" (only the url when it is its own label), images by their alt text.
 */
export function htmlToText(html: string): string {
  let t = html.replace(/\r?\n/g, ' ');
  t = t.replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
    const url = decodeEntities(href);
    const text = decodeEntities(label.replace(/<[^>]+>/g, '')).trim();
    // \uE000 and \uE001 stand for < and > until the tags are gone.
    return !text || text === url ? ` ${url} ` : `${text} \uE000${url}\uE001`;
  });
  t = t.replace(/<img\b[^>]*?alt="([^"]*)"[^>]*>/gi, (_m, alt: string) => (alt ? `[${alt}]` : ''));
  t = t.replace(/<br\s*\/?>/gi, '\n');
  t = t.replace(/<li\b[^>]*>/gi, '\n- ');
  t = t.replace(/<\/(td|th)>/gi, '\t');
  t = t.replace(/<hr\s*\/?>/gi, '\n----\n');
  t = t.replace(/<\/(p|h2|h3|h4|blockquote|ul|ol|table|tr)>/gi, '\n\n');
  t = t
    .replace(/<[^>]+>/g, '')
    .replace(/\uE000/g, '<')
    .replace(/\uE001/g, '>');
  t = decodeEntities(t);
  return t
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The mail as a member gets it in `locale` (the test send and the preview use the same). */
export function renderMagazineMail(locale: Locale, m: MagazineMail): RenderedMail {
  const c = COPY[locale];
  const subject = `${m.test ? c.testPrefix : ''}${m.subject}`;
  const body = absoluteUrls(m.body, m.origin).replace(/<img /g, '<img style="max-width:100%;height:auto" ');
  const url = escapeHtml(m.unsubscribeUrl);
  const small = (s: string) => `<p style="margin:0 0 8px;font-size:13px;color:#56646a">${s}</p>`;
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f7faf9;color:#1f2a2e;font-family:sans-serif;font-size:16px;line-height:1.7">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;overflow-wrap:anywhere">
${m.test ? `<p role="note" style="margin:0 0 16px;padding:8px 12px;background:#fff4d6;border-radius:8px">${escapeHtml(c.testNote)}</p>\n` : ''}<h1 style="margin:0 0 16px;font-size:22px;line-height:1.4">${escapeHtml(m.subject)}</h1>
<div>${body}</div>
<hr style="border:0;border-top:1px solid #d7e0e2;margin:24px 0 16px">
<footer>
${small(escapeHtml(c.why))}
${small(escapeHtml(c.leave))}
${small(`<a href="${url}" style="color:#1f7a6d">${escapeHtml(c.leaveLink)}</a>`)}
${small(escapeHtml(c.office))}
</footer>
</div>
</body>
</html>
`;
  const text = [
    ...(m.test ? [c.testNote, ''] : []),
    m.subject,
    '',
    htmlToText(absoluteUrls(m.body, m.origin)),
    '',
    '--',
    c.why,
    c.leave,
    m.unsubscribeUrl,
    '',
    c.office,
    '',
  ].join('\n');
  const headers = listUnsubscribeHeaders({ url: m.unsubscribeUrl, mailto: `${m.mailto}?subject=unsubscribe`, oneClick: true });
  return { subject, text, html, headers };
}
