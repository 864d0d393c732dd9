// The notice mailed when a passkey is added or deleted (issue 35): whoever holds a session could add one, so the owner
// hears of every change at their address and can act (delete it, change the password, which ends every session).
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../db/client.ts';
import { enqueueRenderedMail } from '../../mail/outbox.ts';
import { greetingName, renderLayout } from '../../mail/templates.ts';

export type PasskeyChange = 'added' | 'deleted';

const COPY: Record<
  Locale,
  {
    subject: Record<PasskeyChange, string>;
    greeting: (n: string) => string;
    lead: Record<PasskeyChange, (name: string, at: string) => string[]>;
    button: string;
    after: string[];
    console: { subject: Record<PasskeyChange, string>; button: string };
  }
> = {
  ja: {
    subject: { added: '【Hibi】パスキーが追加されました', deleted: '【Hibi】パスキーが削除されました' },
    greeting: (n) => `${n} 様`,
    lead: {
      added: (name, at) => [`お使いのアカウントにパスキー「${name}」が追加されました（${at}）。`, 'このパスキーでパスワードなしでログインできます。'],
      deleted: (name, at) => [`お使いのアカウントからパスキー「${name}」が削除されました（${at}）。`, 'このパスキーではログインできなくなりました。'],
    },
    button: 'パスキーを確認する',
    after: ['お心当たりのない場合は、すぐにパスワードを変更し、覚えのないパスキーを削除してください。'],
    console: {
      subject: { added: '【Hibi 管理コンソール】パスキーが追加されました', deleted: '【Hibi 管理コンソール】パスキーが削除されました' },
      button: '管理コンソールを開く',
    },
  },
  en: {
    subject: { added: '[Hibi] A passkey was added to your account', deleted: '[Hibi] A passkey was deleted from your account' },
    greeting: (n) => `Dear ${n},`,
    lead: {
      added: (name, at) => [`The passkey "${name}" was added to your account (${at}).`, 'It signs you in without a password.'],
      deleted: (name, at) => [`The passkey "${name}" was deleted from your account (${at}).`, 'It no longer signs you in.'],
    },
    button: 'Review your passkeys',
    after: ['If you did not do this, change your password at once and delete any passkey you do not know.'],
    console: {
      subject: {
        added: '[Hibi console] A passkey was added to your account',
        deleted: '[Hibi console] A passkey was deleted from your account',
      },
      button: 'Open the console',
    },
  },
};

/** The moment of a change as the recipient reads it (Asia/Tokyo, product-decisions §4). */
function when(locale: Locale, now: Date): string {
  const text = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    timeZone: 'Asia/Tokyo',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(now);
  return `${text} JST`;
}

/** Writes the notice into the outbox; call it in the transaction of the change. */
export async function mailPasskeyChange(
  db: Db,
  m: { to: string; name: string | null; locale: Locale; change: PasskeyChange; passkeyName: string; link: string; console?: boolean },
  now: Date,
): Promise<void> {
  const copy = COPY[m.locale];
  const rendered = renderLayout(m.locale, {
    subject: m.console ? copy.console.subject[m.change] : copy.subject[m.change],
    greeting: copy.greeting(greetingName(m.locale, m.name)),
    lead: copy.lead[m.change](m.passkeyName, when(m.locale, now)),
    button: m.console ? copy.console.button : copy.button,
    link: m.link,
    after: copy.after,
  });
  await enqueueRenderedMail(db, { kind: m.change === 'added' ? 'passkeyAdded' : 'passkeyDeleted', locale: m.locale, to: m.to, rendered }, now);
}
