// CSV as the console's exports and the members' own-data export write it (docs/requirements/console.md#console-exports): UTF-8 with a byte
// order mark (spreadsheet programs then read Japanese correctly), CRLF line ends, RFC 4180 quoting, and texts that a
// spreadsheet would run as a formula neutralised. A `CsvFile` is what a console function of kind `csv` returns: its
// rows are pulled as the response is written, so an export of many rows holds one page in memory.

export type CsvCell = string | number | boolean | Date | null | undefined;

/** UTF-8 byte order mark. */
export const CSV_BOM = '\ufeff';

/**
 * Whether a text would start a formula in a spreadsheet: =, +, -, @ (after leading spaces), or a tab, carriage return
 * or line feed first. Checked on the NFKC form (issue 30, finding 4), since spreadsheet programs read the full-width
 * ＝＋－＠ (and the small ﹦﹢﹣﹫, the ideographic space before them) as the ASCII ones.
 */
export function startsFormula(text: string): boolean {
  return /^[\t\r\n]/.test(text) || /^[\p{Zs}\u200b\ufeff]*[=+\-@]/u.test(text.normalize('NFKC'));
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text that a spreadsheet would run as a formula
 * (startsFormula) gets a leading apostrophe, so it is shown instead (CSV injection). Numbers are written as they are
 * (a negative number is no formula). Dates are written as ISO 8601 instants.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && startsFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line with its CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',') + '\r\n';
}

/** A CSV download: its file name (shown to the browser), header row and rows (read lazily, once). */
export class CsvFile {
  constructor(
    readonly fileName: string,
    readonly header: readonly string[],
    readonly rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
  ) {}

  /** The whole file as chunks of text: the BOM and header first, then about 64 KB of rows per chunk. */
  async *chunks(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(this.header);
    let buffer = '';
    for await (const row of this.rows) {
      buffer += csvLine(row);
      if (buffer.length >= 65_536) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
  }
}

/**
 * `Content-Disposition: attachment` for a file name that may hold Japanese: an ASCII fallback, and the exact name as
 * RFC 5987 `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'export.csv';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Rows of a source read in pages by a keyset (never OFFSET): `page(after)` returns the rows after the given key. */
export async function* pagedRows<R, K>(
  page: (after: K | null) => Promise<R[]>,
  keyOf: (row: R) => K,
  toCells: (row: R) => readonly CsvCell[],
): AsyncGenerator<readonly CsvCell[]> {
  let after: K | null = null;
  for (;;) {
    const batch = await page(after);
    for (const row of batch) yield toCells(row);
    if (batch.length === 0) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}
