// A zip of tables written as they are read (decision 104): each table is a source of pages of records, written as
// `<name>.json` (an array of objects) and `<name>.csv` (a header row, then one row per record). Pages are pulled only
// when the zip's reader wants more bytes (yazl pumps one entry at a time through deflate, with backpressure), so
// memory holds one page at a time whatever the member's history.
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { CSV_BOM, csvField } from './csv.ts';

export type Cell = string | number | boolean | null;
export type ExportRecord = Record<string, Cell>;

export interface ExportTable {
  /** File name without extension: `steps` gives steps.json and steps.csv. */
  name: string;
  /** The CSV header and the order of the fields (JSON objects carry the same keys). */
  columns: readonly string[];
  /** The CSV header when it differs from the fields' keys (words in the reader's language, say). */
  header?: readonly string[];
  /** Pages of records, read lazily; called once per file (JSON, then CSV). */
  pages: () => AsyncIterable<ExportRecord[]>;
}

async function* csvChunks(table: ExportTable): AsyncGenerator<string> {
  yield CSV_BOM + (table.header ?? table.columns).map(csvField).join(',') + '\r\n';
  for await (const page of table.pages()) {
    yield page.map((record) => table.columns.map((c) => csvField(record[c] ?? null)).join(',') + '\r\n').join('');
  }
}

async function* jsonChunks(table: ExportTable): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of table.pages()) {
    let chunk = '';
    for (const record of page) {
      const ordered = Object.fromEntries(table.columns.map((c) => [c, record[c] ?? null]));
      chunk += `${first ? '' : ','}\n  ${JSON.stringify(ordered)}`;
      first = false;
    }
    yield chunk;
  }
  yield first ? ']\n' : '\n]\n';
}

/**
 * The zip as a stream: `<folder>/README.txt`, then per table its JSON (unless `formats.json` is false) and CSV files. An error while reading a table
 * destroys the stream (the download breaks instead of ending in a zip that looks complete).
 */
export function exportZip(folder: string, readme: string, tables: ExportTable[], formats: { json: boolean } = { json: true }): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  const add = (file: string, chunks: AsyncIterable<string>) => {
    const source = Readable.from(chunks, { objectMode: false });
    source.on('error', (error) => (zip.outputStream as unknown as Readable).destroy(error));
    zip.addReadStream(source, `${folder}/${file}`, { mtime });
  };
  zip.addBuffer(Buffer.from(readme, 'utf8'), `${folder}/README.txt`, { mtime });
  for (const table of tables) {
    if (formats.json) add(`${table.name}.json`, jsonChunks(table));
    add(`${table.name}.csv`, csvChunks(table));
  }
  zip.end();
  return zip.outputStream as Readable;
}

/** A zip download: what a console function of kind `zip` returns (its file name, and the stream, made once). */
export class ZipDownload {
  constructor(
    readonly fileName: string,
    readonly stream: () => Readable,
  ) {}
}
