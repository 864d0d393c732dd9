import type { Locale } from './protocol.ts';

/**
 * Validation messages the server can name by key. A schema that wants a specific message uses
 * `{ error: 'msg:<key>' }`; the function entry replaces it with the text in the caller's language.
 */
export const validationMessages: Record<Locale, Record<string, string>> = {
  ja: {
    emailRequired: 'メールアドレスが入力されていません',
    emailInvalid: '正しいメールアドレスを入力してください',
    passwordRequired: 'パスワードが入力されていません',
    passwordLength: 'パスワードは8文字以上128文字以下で入力してください',
    idRequired: 'メールアドレスが入力されていません',
    required: '必須項目が入力されていません。',
    emailMismatch: 'メールアドレスが確認用と一致しません',
    invalidJson: 'リクエストの形式が正しくありません',
    bodyTooLarge: 'リクエストが大きすぎます',
    unknownField: '不明な項目があります',
  },
  en: {
    emailRequired: 'No email address has been entered',
    emailInvalid: 'Please enter the correct email address',
    passwordRequired: 'No password has been entered',
    passwordLength: 'The password must be 8 to 128 characters long',
    idRequired: 'No email address has been entered',
    required: 'Required fields have not been entered.',
    emailMismatch: 'Mailaddress does not match',
    invalidJson: 'The request is not valid JSON',
    bodyTooLarge: 'The request is too large',
    unknownField: 'The request has an unknown field',
  },
};
