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
    console: { subject: Record<PasskeyChange, string>; button: string; after: string[] };
    removed: { subject: string; lead: (names: string[], at: string) => string[]; after: string[] };
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
    after: [
      'お心当たりのない場合は、次の順に操作してください。',
      '1. ログイン画面の「パスワードをお忘れの方」から新しいパスワードを設定してください。ほかの端末のログインはすべて終了し、パスワードを入力せずに追加されたパスキーも削除されます。',
      '2. そのあとでアカウントページのパスキー一覧を確認し、覚えのないパスキーを削除してください。そのパスキーでのログインも終了します。',
    ],
    console: {
      subject: { added: '【Hibi 管理コンソール】パスキーが追加されました', deleted: '【Hibi 管理コンソール】パスキーが削除されました' },
      button: '管理コンソールを開く',
      after: [
        'お心当たりのない場合は、すぐにオーナーに連絡してパスワードと認証アプリを再設定してもらい、そのあとでセキュリティページから覚えのないパスキーを削除してください。そのパスキーでのログインも終了します。',
      ],
    },
    removed: {
      subject: '【Hibi】パスキーを削除しました',
      lead: (names, at) => [
        `新しいパスワードが設定されたため（${at}）、パスワードを入力せずに追加されたパスキーを削除しました: ${names.map((n) => `「${n}」`).join('、')}。`,
        'これらのパスキーではログインできません。ご自身のものであれば、アカウントページでパスワードを入力して追加し直してください。',
      ],
      after: ['残りのパスキーにも覚えのないものがあれば、アカウントページで削除してください。'],
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
    after: [
      'If you did not do this, act in this order:',
      '1. Set a new password with "Forgot your password?" on the sign-in page. Every other sign-in ends, and the passkeys added without typing the password go too.',
      '2. Then review the passkeys on your account page and delete any you do not know: its sign-ins end with it.',
    ],
    console: {
      subject: {
        added: '[Hibi console] A passkey was added to your account',
        deleted: '[Hibi console] A passkey was deleted from your account',
      },
      button: 'Open the console',
      after: [
        'If you did not do this, ask an owner at once to reset your password and authenticator app, then delete any passkey you do not know on the Security page: its sign-ins end with it.',
      ],
    },
    removed: {
      subject: '[Hibi] Passkeys were removed from your account',
      lead: (names, at) => [
        `A new password was set (${at}), so the passkeys added without typing the password were removed: ${names.map((n) => `"${n}"`).join(', ')}.`,
        'They no longer sign you in. If they were yours, add them again on your account page, with your password.',
      ],
      after: ['If any other passkey there is unknown to you, delete it on your account page.'],
    },
  },
};

/** The moment of a change as the recipient reads it (Asia/Tokyo, docs/requirements/platform.md#platform-time). */
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
    after: m.console ? copy.console.after : copy.after,
  });
  await enqueueRenderedMail(db, { kind: m.change === 'added' ? 'passkeyAdded' : 'passkeyDeleted', locale: m.locale, to: m.to, rendered }, now);
}

/** Tells a member which passkeys went when a new password was set or an email change was undone (decision 175). */
export async function mailPasskeysRemoved(
  db: Db,
  m: { to: string; name: string | null; locale: Locale; passkeyNames: string[]; link: string },
  now: Date,
): Promise<void> {
  const copy = COPY[m.locale];
  const rendered = renderLayout(m.locale, {
    subject: copy.removed.subject,
    greeting: copy.greeting(greetingName(m.locale, m.name)),
    lead: copy.removed.lead(m.passkeyNames, when(m.locale, now)),
    button: copy.button,
    link: m.link,
    after: copy.removed.after,
  });
  await enqueueRenderedMail(db, { kind: 'passkeysRemoved', locale: m.locale, to: m.to, rendered }, now);
}
