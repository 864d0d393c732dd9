import QRCode from 'qrcode';
import type { Locale } from '@hibi/contract/protocol';
import { EMAIL_LINK_LIFETIME_MS, EMAIL_REVERT_LINK_LIFETIME_MS } from '@hibi/contract/constants';

/** The mails the product sends (docs/requirements/platform.md#platform-email). */
export type MailKind = 'signup' | 'reset' | 'register' | 'emailChanged';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra header fields of the message (mail/headers.ts), kept with the outbox row and added by the sender. */
  headers?: Record<string, string>;
}

interface Copy {
  subject: string;
  greeting: (name: string) => string;
  lead: string[];
  button: string;
  validity: string;
  ignore: string;
}

const minutes = Math.round(EMAIL_LINK_LIFETIME_MS / 60000);
const REVERT_HOURS = Math.round(EMAIL_REVERT_LINK_LIFETIME_MS / 3_600_000);

const COPY: Record<Locale, Record<MailKind, Copy> & { signature: string[]; fallbackName: string; linkNote: string }> = {
  ja: {
    fallbackName: 'ご利用者',
    signature: ['Hibi（日々）事務局', 'このメールは送信専用です。ご返信いただいてもお答えできません。'],
    linkNote: 'ボタンが押せない場合は、次のURLをブラウザに貼り付けてください。',
    signup: {
      subject: '【Hibi】パスワード設定のご案内',
      greeting: (n) => `${n} 様`,
      lead: [
        'Hibi へのご登録ありがとうございます。',
        '次のリンクからパスワードを設定すると、メールアドレスとパスワードでログインできるようになります。',
      ],
      button: 'パスワードを設定する',
      validity: `このリンクの有効期限は${minutes}分で、一度だけ使えます。`,
      ignore: 'お心当たりのない場合は、このメールを破棄してください。',
    },
    reset: {
      subject: '【Hibi】パスワード再設定のご案内',
      greeting: (n) => `${n} 様`,
      lead: ['パスワード再設定のお申し込みを受け付けました。', '次のリンクから新しいパスワードを設定してください。'],
      button: 'パスワードを再設定する',
      validity: `このリンクの有効期限は${minutes}分で、一度だけ使えます。`,
      ignore: 'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    },
    register: {
      subject: '【Hibi】メールアドレス登録とパスワード設定のご案内',
      greeting: (n) => `${n} 様`,
      lead: [
        'メールアドレス登録のお申し込みを受け付けました。',
        '次のリンクからパスワードを設定すると、このメールアドレスが登録されます。設定後は、最初に入力したアカウントIDまたはこのメールアドレスと、新しいパスワードでログインしてください。',
      ],
      button: 'パスワードを設定する',
      validity: `このリンクの有効期限は${minutes}分で、一度だけ使えます。`,
      ignore: 'お心当たりのない場合は、このメールを破棄してください。',
    },
    emailChanged: {
      subject: '【Hibi】メールアドレスが変更されました',
      greeting: (n) => `${n} 様`,
      lead: [
        'お使いの Hibi アカウントのメールアドレスが変更され、このアドレスではログインできなくなりました。',
        'お心当たりのない場合は、次のリンクから元に戻してください。すべてのログインが終了し、このアドレスにパスワード再設定のご案内をお送りします。',
      ],
      button: 'メールアドレスを元に戻す',
      validity: `このリンクの有効期限は${REVERT_HOURS}時間で、一度だけ使えます。`,
      ignore: 'ご自身で変更された場合は、このメールを破棄してください。',
    },
  },
  en: {
    fallbackName: 'Hibi user',
    signature: ['The Hibi administration office', 'This address does not receive replies.'],
    linkNote: 'If the button does not work, paste this address into your browser:',
    signup: {
      subject: '[Hibi] Set your password',
      greeting: (n) => `Dear ${n},`,
      lead: [
        'Thank you for signing up for Hibi.',
        'Set your password with the link below; then you can log in with your email address and password.',
      ],
      button: 'Set your password',
      validity: `The link works once and expires after ${minutes} minutes.`,
      ignore: 'If you did not sign up, please ignore this email.',
    },
    reset: {
      subject: '[Hibi] Reset your password',
      greeting: (n) => `Dear ${n},`,
      lead: ['We received a request to reset your password.', 'Set a new password with the link below.'],
      button: 'Reset your password',
      validity: `The link works once and expires after ${minutes} minutes.`,
      ignore: 'If you did not ask for this, please ignore this email; your password stays as it is.',
    },
    register: {
      subject: '[Hibi] Register your email address and set a password',
      greeting: (n) => `Dear ${n},`,
      lead: [
        'We received a request to register this email address.',
        'Set your password with the link below and the address is registered. Then log in with the account ID you first used (or this address) and the new password.',
      ],
      button: 'Set your password',
      validity: `The link works once and expires after ${minutes} minutes.`,
      ignore: 'If you did not ask for this, please ignore this email.',
    },
    emailChanged: {
      subject: '[Hibi] Your email address was changed',
      greeting: (n) => `Dear ${n},`,
      lead: [
        'The email address of your Hibi account was changed; this address no longer signs in.',
        'If you did not do this, undo it with the link below: every sign-in ends and we send a password reset to this address.',
      ],
      button: 'Undo the change',
      validity: `The link works once and expires after ${REVERT_HOURS} hours.`,
      ignore: 'If you made the change yourself, please ignore this email.',
    },
  },
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A mail in the recipient's language, as plain text and as HTML (no external resources, inline styles only in the mail). */
export function renderMail(kind: MailKind, locale: Locale, data: { name: string | null; link: string }): RenderedMail {
  const all = COPY[locale];
  const copy = all[kind];
  return renderLayout(locale, {
    subject: copy.subject,
    greeting: copy.greeting(data.name?.trim() || all.fallbackName),
    lead: copy.lead,
    button: copy.button,
    link: data.link,
    after: [copy.validity, copy.ignore],
  });
}

export interface MailLayout {
  subject: string;
  greeting: string;
  /** Paragraphs before the button. */
  lead: string[];
  /** A block after the lead (an event's entry pass): its lines in the text mail, its markup (already safe) in the HTML one. */
  extra?: { text: string[]; html: string };
  button: string;
  link: string;
  /** Paragraphs after the link. */
  after: string[];
}

/** The one layout of every mail: greeting, lead, a button with its link (also written out), closing lines, signature. */
export function renderLayout(locale: Locale, m: MailLayout): RenderedMail {
  const all = COPY[locale];
  const extraText = m.extra ? [...m.extra.text, ''] : [];
  const text = [m.greeting, '', ...m.lead, '', ...extraText, m.link, '', ...m.after, '', '--', ...all.signature, ''].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f7faf9;color:#1f2a2e;font-family:sans-serif;line-height:1.7">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
${p(m.greeting)}
${m.lead.map(p).join('\n')}
${m.extra?.html ?? ''}
<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(m.link)}" style="display:inline-block;padding:12px 24px;background:#1f7a6d;color:#ffffff;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(m.button)}</a></p>
${p(all.linkNote)}
<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
${m.after.map(p).join('\n')}
<hr style="border:0;border-top:1px solid #d7e0e2">
${all.signature.map((s) => `<p style="margin:0;font-size:13px;color:#56646a">${escapeHtml(s)}</p>`).join('\n')}
</div>
</body>
</html>
`;
  return { subject: m.subject, text, html };
}

/** The recipient's name, or the language's word for a user when there is none. */
export function greetingName(locale: Locale, name: string | null): string {
  return name?.trim() || COPY[locale].fallbackName;
}

/**
 * Where a QR code's rows go in a mail's HTML as the outbox keeps it (decision 150): the sender draws them as it sends
 * (`drawQrCodes`), so the outbox row, and the statement that may write it (a booking's mail), stays small. `text` is
 * digits and capitals (a pass); put the marker inside a `<table>`.
 */
export function qrCodeMarker(text: string): string {
  if (!/^[0-9A-Z]{1,64}$/.test(text)) throw new Error('a QR code marker takes 1 to 64 digits and capitals');
  return `<!--hibi-qr:${text}-->`;
}

/** A mail's HTML with every QR code marker drawn: the code as table rows of black runs on white, 5 px a module. */
export function drawQrCodes(html: string): string {
  return html.includes('<!--hibi-qr:') ? html.replace(/<!--hibi-qr:([0-9A-Z]{1,64})-->/g, (_, text: string) => qrRows(text)) : html;
}

function qrRows(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = 5;
  const side = modules.size + 2 * quiet;
  const dark = (x: number, y: number) =>
    x >= quiet && y >= quiet && x < side - quiet && y < side - quiet && Boolean(modules.get(y - quiet, x - quiet));
  const rows: string[] = [];
  for (let y = 0; y < side; y++) {
    const runs: string[] = [];
    for (let x = 0; x < side;) {
      const black = dark(x, y);
      let n = 1;
      while (x + n < side && dark(x + n, y) === black) n++;
      runs.push(
        `<td width="${n * cell}" height="${cell}" style="width:${n * cell}px;height:${cell}px;padding:0;background:${black ? '#000000' : '#ffffff'}"></td>`,
      );
      x += n;
    }
    rows.push(
      `<tr><td style="padding:0"><table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse"><tr>${runs.join('')}</tr></table></td></tr>`,
    );
  }
  return rows.join('');
}
