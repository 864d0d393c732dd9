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
    textControlChars: '使用できない文字（制御文字など）が含まれています',
    textSingleLine: '改行や見えない文字は使用できません',
    // Signup and emailed links (lifecycle).
    email2Required: '確認用メールアドレスが入力されていません',
    invitationCodeRequired: '招待コードが入力されていません',
    invitationCodeTooLong: '招待コードが長すぎます',
    // One answer for an unknown, expired or used-up code: no answer tells a guesser which codes exist (issue 12, 9).
    invitationCodeInvalid: '招待コードが正しくないか、有効期限が切れているか、利用上限に達しています',
    invitationCodeContractEnded: 'この招待コードの会社との契約は終了しているため、登録できません。会社の担当者にお問い合わせください',
    // Operator console, people (issue 16: tenants, invitation codes, members).
    jaNameRequired: '日本語の名前が入力されていません',
    invitationCodeFormat: '招待コードは英数字とハイフンで4〜40文字にしてください',
    maxUsesRange: '利用上限は1〜100000の整数で入力してください',
    queryRequired: '検索する語を入力してください',
    userNameRequired: '氏名が入力されていません',
    userNameTooLong: '氏名は50文字以内で入力してください',
    userPhoneticRequired: 'ふりがなが入力されていません',
    userPhoneticTooLong: 'ふりがなは50文字以内で入力してください',
    userPhoneticKana: 'ふりがなはひらがなまたはカタカナで入力してください',
    userNicknameRequired: 'ニックネームが入力されていません',
    userNicknameTooLong: 'ニックネームは12文字以内で入力してください',
    externalAccountIdTooLong: '外部サービスのアカウントIDは64文字以内で入力してください',
    emailTaken: 'このメールアドレスはすでに登録されています',
    // Friend search (account).
    searchNicknameRequired: '検索するニックネームを入力してください',
    searchNicknameTooLong: 'ニックネームは12文字以内で入力してください',
    // Operator console (issue 15).
    jaRequired: '日本語の入力は必須です',
    jaTitleRequired: '日本語のタイトルが入力されていません',
    // Mail magazine (issue 59).
    subjectRequired: '日本語の件名が入力されていません',
    altRequired: '画像の代替テキスト（日本語）が入力されていません',
    operatorPasswordLength: 'パスワードは12文字以上128文字以下で入力してください',
    totpCodeFormat: '認証コードは6桁の数字で入力してください',
    totpCodeOrRecovery: '認証コードかリカバリーコードのどちらか一方を入力してください',
    urlInvalid: 'URLは https:// で始まるか、サイト内のパスにしてください',
    // Console events (issue 16).
    periodEndsBeforeStart: '終了日時は開始日時より後にしてください',
    // Check-in at the door (issue 33).
    passCodeRequired: 'パスのコードが入力されていません',
    passCodeInvalid: 'Hibi のパスのコードではありません（英数字10文字）',
    windowEndsBeforeStart: '予約受付の終了は受付開始より後にしてください',
    externalUrlRequired: '外部サイトで予約する日程には、予約サイトのURL（https://）が必要です',
    choicesInvalid: '選択式の質問には選択肢を2つ以上入れてください（記述式には選択肢は入れられません）',
    choiceImagesInvalid: '画像選択の質問には画像を2つ以上入れてください（他の形式には入れられません）',
    // Surveys and help in the console (decisions 120 and 123).
    choicesTooFew: '選択肢を2つ以上入力してください',
    choicesNotAllowed: 'この種類の設問には選択肢を付けられません',
    choiceImagesMismatch: '画像選択の設問では、選択肢ごとに画像を1つずつ指定してください',
    questionRequired: '設問文（日本語）が入力されていません',
    choiceRequired: '選択肢（日本語）が入力されていません',
    tenantsRequired: '対象の企業を1つ以上選んでください',
    questionsRequired: '設問を1つ以上追加してください',
    dateInvalid: '日付は YYYY-MM-DD の形式で入力してください',
    dateRangeInvalid: '終了日は開始日以降にしてください',
    // Companies (issue 32): insights and the company role.
    insightsPeriodTooLong: '期間は12か月以内にしてください',
    // The content calendar (issue 36).
    calendarRangeTooLong: 'カレンダーの期間は42日以内にしてください',
    companyTenant: '企業担当者には企業を1つ指定してください（他の役割には指定できません）',
    passkeyResponseInvalid: 'パスキーの応答の形式が正しくありません',
    passkeyNameLength: 'パスキーの名前は1文字以上60文字以下で入力してください',
    // Notifications on the device (issue 34).
    pushKindUnknown: '通知の種類が正しくありません',
    pushKindsRequired: '通知の種類を1つ以上選んでください',
    pushKindsDuplicate: '通知の種類が重複しています',
    pushEndpointInvalid: 'プッシュ通知の宛先URLが正しくありません',
    pushEndpointNotAllowed: 'このプッシュ通知サービスの宛先は受け付けていません',
    pushKeysInvalid: 'プッシュ通知の鍵の形式が正しくありません',
    // The console's time machine (issue 36).
    previewNotReadable: '会員の読み取り機能だけをプレビューできます',
    previewPayloadInvalid: 'プレビューする機能への入力が正しくありません',
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
    textControlChars: 'The text contains characters that cannot be used (control characters or similar)',
    textSingleLine: 'Line breaks and invisible characters cannot be used here',
    // Signup and emailed links (lifecycle).
    email2Required: 'No confirmation email address has been entered',
    invitationCodeRequired: 'No invitation code has been entered',
    invitationCodeTooLong: 'The invitation code is too long',
    invitationCodeInvalid: 'The invitation code is not valid, has expired or has reached its limit of uses',
    invitationCodeContractEnded:
      "This invitation code's company contract has ended, so it can no longer be used to sign up. Please ask your company's contact",
    // Operator console, people (issue 16: tenants, invitation codes, members).
    jaNameRequired: 'No Japanese name has been entered',
    invitationCodeFormat: 'An invitation code has 4 to 40 letters, digits and hyphens',
    maxUsesRange: 'The limit of uses is a whole number from 1 to 100000',
    queryRequired: 'Enter something to search for',
    userNameRequired: 'No name has been entered',
    userNameTooLong: 'The name must be 50 characters or fewer',
    userPhoneticRequired: 'No kana reading has been entered',
    userPhoneticTooLong: 'The kana reading must be 50 characters or fewer',
    userPhoneticKana: 'Please enter the reading in hiragana or katakana',
    userNicknameRequired: 'No nickname has been entered',
    userNicknameTooLong: 'The nickname must be 12 characters or fewer',
    externalAccountIdTooLong: 'The external account ID must be 64 characters or fewer',
    emailTaken: 'This email address is already registered',
    // Friend search (account).
    searchNicknameRequired: 'Please enter a nickname to search for',
    searchNicknameTooLong: 'A nickname has 12 characters or fewer',
    // Operator console (issue 15).
    jaRequired: 'The Japanese text is required',
    jaTitleRequired: 'No Japanese title has been entered',
    // Mail magazine (issue 59).
    subjectRequired: 'No Japanese subject has been entered',
    altRequired: 'No alternative text (Japanese) has been entered for the image',
    operatorPasswordLength: 'The password must be 12 to 128 characters long',
    totpCodeFormat: 'The code is 6 digits',
    totpCodeOrRecovery: 'Enter either an authentication code or a recovery code',
    urlInvalid: 'A URL must start with https:// or be a path on this site',
    // Console events (issue 16).
    periodEndsBeforeStart: 'The end must be after the start',
    // Check-in at the door (issue 33).
    passCodeRequired: 'Enter the code of the pass',
    passCodeInvalid: 'This is not the code of a Hibi pass (10 letters and digits)',
    windowEndsBeforeStart: 'The booking window must close after it opens',
    externalUrlRequired: 'A session booked on an external site needs the site’s https:// URL',
    choicesInvalid: 'A choice question needs at least 2 choices (a text question takes none)',
    choiceImagesInvalid: 'An image question needs at least 2 images (other types take none)',
    // Surveys and help in the console (decisions 120 and 123).
    choicesTooFew: 'Enter at least two choices',
    choicesNotAllowed: 'This kind of question takes no choices',
    choiceImagesMismatch: 'An image question needs one image for each choice',
    questionRequired: 'No question text (Japanese) has been entered',
    choiceRequired: 'No choice text (Japanese) has been entered',
    tenantsRequired: 'Choose at least one company',
    questionsRequired: 'Add at least one question',
    dateInvalid: 'Enter a date as YYYY-MM-DD',
    dateRangeInvalid: 'The end day must not be before the start day',
    // Companies (issue 32): insights and the company role.
    insightsPeriodTooLong: 'The period can be at most 12 months',
    // The content calendar (issue 36).
    calendarRangeTooLong: 'A calendar range can be at most 42 days',
    companyTenant: 'A company operator needs exactly one company (other roles take none)',
    passkeyResponseInvalid: 'The passkey response is not in the expected form',
    passkeyNameLength: 'Give the passkey a name of 1 to 60 characters',
    // Notifications on the device (issue 34).
    pushKindUnknown: 'Unknown kind of notification',
    pushKindsRequired: 'Choose at least one kind of notification',
    pushKindsDuplicate: 'A kind of notification is listed twice',
    pushEndpointInvalid: 'The push endpoint is not a valid URL',
    pushEndpointNotAllowed: 'Push endpoints of this service are not accepted',
    pushKeysInvalid: 'The push subscription keys are malformed',
    // The console's time machine (issue 36).
    previewNotReadable: 'Only the members’ read functions can be previewed',
    previewPayloadInvalid: 'The input of the previewed function is not valid',
  },
};
