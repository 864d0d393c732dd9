import { describe, expect, it } from 'vitest';
import { allConsoleFunctions } from '@hibi/contract/console/index';
import { AUDIT_EVENT_ACTIONS } from '@hibi/contract/console/audit';
import { MAIL_KINDS } from '@hibi/contract/console/people';
import adminJa from '../../../locales/ja/consoleAdmin.json';
import adminEn from '../../../locales/en/consoleAdmin.json';
import peopleJa from '../../../locales/ja/consolePeople.json';
import peopleEn from '../../../locales/en/consolePeople.json';

/**
 * Issue 55, item 7: staff screens name things in words, never in developer words. Every action the audit log can
 * record (each console function's name and the other actions) and every mail kind the outbox can hold has a label in
 * Japanese and in English, and none is the bare identifier.
 */
const actions = [...allConsoleFunctions.map((f) => f.name), ...AUDIT_EVENT_ACTIONS];

describe('staff words', () => {
  for (const [lang, labels] of [
    ['ja', adminJa.auditActions],
    ['en', adminEn.auditActions],
  ] as const) {
    it(`every audit action has a label in ${lang}`, () => {
      const table = labels as Record<string, string>;
      expect(actions.filter((action) => !table[action]?.trim())).toEqual([]);
      expect(actions.filter((action) => table[action] === action)).toEqual([]);
    });
  }
  for (const [lang, labels] of [
    ['ja', peopleJa.mail.kinds],
    ['en', peopleEn.mail.kinds],
  ] as const) {
    it(`every mail kind has a label in ${lang}`, () => {
      const table = labels as Record<string, string>;
      expect(MAIL_KINDS.filter((kind) => !table[kind]?.trim())).toEqual([]);
      expect(MAIL_KINDS.filter((kind) => table[kind] === kind)).toEqual([]);
    });
  }
});
