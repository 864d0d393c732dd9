// The weighted lists of the Accept-* request headers (RFC 9110 §12.4.2): Accept-Language (lib/language.ts) and
// Accept-Encoding (the compression of rendered pages, app.ts).

export interface WeightedValue {
  /** The value (a language range, a content coding), in lower case. */
  value: string;
  /** Its weight: 1 when the header gives none, 0 for "not this one". */
  q: number;
  /** Its place in the header, for ties. */
  index: number;
}

/** A header's values with their weights, in the header's order: at most 32, read from its first 1024 characters. */
export function weightedList(header: string | undefined): WeightedValue[] {
  if (!header) return [];
  return header
    .slice(0, 1024)
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [value = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { value: value.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    });
}

/** Whether an Accept-Encoding header accepts a coding: named with a weight above 0 (its first mention counts). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  const named = weightedList(header).find((entry) => entry.value === coding);
  return named !== undefined && named.q > 0;
}
