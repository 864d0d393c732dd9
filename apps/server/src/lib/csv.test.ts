import { describe, expect, it } from 'vitest';
import { attachmentDisposition, CsvFile, csvField, pagedRows } from './csv.ts';

async function text(file: CsvFile): Promise<string> {
  let out = '';
  for await (const chunk of file.chunks()) out += chunk;
  return out;
}

describe('csv', () => {
  it('quotes what needs quoting and neutralises formulas, not negative numbers', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('改行\nあり')).toBe('"改行\nあり"');
    expect(csvField(new Date(Date.UTC(2026, 10, 24)))).toBe('2026-11-24T00:00:00.000Z');
  });

  it('neutralises the starters a spreadsheet evaluates, full-width and small forms too (issue 30, finding 4)', () => {
    for (const start of [
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      '＝',
      '＋',
      '－',
      '＠',
      '﹦',
      '﹢',
      '﹣',
      '﹫',
      ' =',
      '\u3000＝',
      '\u00a0+',
      '\u200b=',
    ]) {
      const field = csvField(`${start}HYPERLINK("http://evil.example","x")`);
      expect(field.replace(/^"/, ''), JSON.stringify(start)).toMatch(/^'/);
    }
    for (const plain of ['山田', 'a=b', '1-2', 'mail@example.com', '（株）', '０１２']) expect(csvField(plain)).not.toMatch(/^"?'/);
  });

  it('writes the BOM, a header and CRLF rows, from an async source', async () => {
    async function* rows() {
      yield ['山田', 1];
      yield ['a,b', null];
    }
    expect(await text(new CsvFile('x.csv', ['名前', 'n'], rows()))).toBe('\ufeff名前,n\r\n山田,1\r\n"a,b",\r\n');
  });

  it('reads a keyset source page by page until an empty page', async () => {
    const data = [1, 2, 3, 4, 5];
    const seen: (number | null)[] = [];
    const rows = pagedRows(
      async (after: number | null) => {
        seen.push(after);
        return data.filter((n) => n > (after ?? 0)).slice(0, 2);
      },
      (n) => n,
      (n) => [n],
    );
    expect(await text(new CsvFile('x.csv', ['n'], rows))).toBe('\ufeffn\r\n1\r\n2\r\n3\r\n4\r\n5\r\n');
    expect(seen).toEqual([null, 2, 4, 5]);
  });

  it('names a Japanese file for old and new browsers alike', () => {
    expect(attachmentDisposition('予約 2026.csv')).toBe(`attachment; filename="__ 2026.csv"; filename*=UTF-8''%E4%BA%88%E7%B4%84%202026.csv`);
    expect(attachmentDisposition('a"b\\.csv')).toContain('filename="a_b_.csv"');
  });
});
