import { z } from 'zod';

/**
 * One text rule for every free-text field (issue 12, finding 14). Zod-free checks live in checks so the entry can
 * apply them to every string of every payload; `singleLineText` builds the schema of a name-like field.
 *
 * Never allowed in any text: NUL and the other C0 controls except tab, line feed and carriage return; DEL and the C1
 * controls; lone UTF-16 surrogates (they cannot be stored as UTF-8); the bidi embedding, override and isolate
 * controls (U+202A–U+202E, U+2066–U+2069), which can make a name read backwards; and U+FEFF.
 * Single-line names also refuse line breaks, tabs, the zero-width characters (U+200B, U+200C, U+200D, U+2060) and
 * the direction marks (U+200E, U+200F), which make two names look alike.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_ANYWHERE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const FORBIDDEN_IN_NAMES = /[\t\n\r\u200b-\u200f\u2060]/;

export const textChecks = {
  /** A problem of any text; null when it is fine. */
  anyText(value: string): 'textControlChars' | null {
    return FORBIDDEN_ANYWHERE.test(value) || LONE_SURROGATE.test(value) ? 'textControlChars' : null;
  },
  /** A problem of a single-line name; null when it is fine. */
  singleLine(value: string): 'textControlChars' | 'textSingleLine' | null {
    return textChecks.anyText(value) ?? (FORBIDDEN_IN_NAMES.test(value) ? 'textSingleLine' : null);
  },
};

/** A name-like field: trimmed, at most `max` characters, one line, no invisible or direction-changing characters. */
export function singleLineText(max: number, tooLong?: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong ? { error: `msg:${tooLong}` } : undefined)
    .refine((v) => textChecks.singleLine(v) === null, { error: 'msg:textSingleLine' });
}
