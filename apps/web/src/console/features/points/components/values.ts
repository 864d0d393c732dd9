import { TOKYO_OFFSET_MS } from '@hibi/contract/time';

/** A number field's text for the payload: '' and anything not a number are NaN, which the schema refuses as invalid. */
export const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** An optional number field: '' is absent. */
export const optionalNumberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : numberOf(text));

/** The Tokyo month (YYYY-MM) of an instant: the service counts months in Japan time. */
export const tokyoMonth = (epochMs: number): string => new Date(epochMs + TOKYO_OFFSET_MS).toISOString().slice(0, 7);

/** The Tokyo day (YYYY-MM-DD) of an instant. */
export const tokyoDay = (epochMs: number): string => new Date(epochMs + TOKYO_OFFSET_MS).toISOString().slice(0, 10);

/** A month of the address, or null when it is not YYYY-MM. */
export const monthOf = (raw: string | null): string | null => (raw && /^\d{4}-(0[1-9]|1[0-2])$/.test(raw) ? raw : null);

/** An id of the address, or null. */
export const parseID = (raw: string | undefined | null): number | null => (raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null);

/** Counts and points as the console writes numbers (grouped thousands). */
export const formatCount = (value: number) => value.toLocaleString('ja-JP');

/** A signed amount: +500 / −200 (a true minus sign). */
export const formatSigned = (value: number) => (value > 0 ? `+${formatCount(value)}` : value < 0 ? `−${formatCount(-value)}` : '0');

/** A rate 0..1 as a whole percentage. */
export const percent = (rate: number) => Math.round(rate * 100);
