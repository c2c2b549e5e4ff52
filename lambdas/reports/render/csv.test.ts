import { describe, expect, it } from 'vitest';
import { csvBuffer, csvChunks, type CsvRow } from './csv';

const BOM = '\uFEFF';

async function csvText(rows: readonly CsvRow[], header?: readonly string[]): Promise<string> {
  return (await csvBuffer(rows, header)).toString('utf8');
}

describe('report CSV', () => {
  it('starts with the UTF-8 byte-order mark and ends each record with CRLF (RFC 4180)', async () => {
    const bytes = await csvBuffer([['Relevé de température', 4.5]], ['Rapport', 'Valeur']);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(`${BOM}Rapport,Valeur\r\nRelevé de température,4.5\r\n`);
  });

  it('quotes fields holding a comma, a quote, CR or LF, doubling the quotes', async () => {
    expect(await csvText([['a,b', 'say "hi"', 'line 1\nline 2', 'cr\rhere', 'plain']])).toBe(
      `${BOM}"a,b","say ""hi""","line 1\nline 2","cr\rhere",plain\r\n`,
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['-3.5', "'-3.5"],
    ['＝1+1', "'＝1+1"],
  ])('guards the text cell %j against formula injection (OWASP)', async (cell, written) => {
    expect(await csvText([[cell]])).toBe(`${BOM}${written}\r\n`);
  });

  it('keeps numbers as numbers: a negative number is not prefixed', async () => {
    expect(await csvText([[-3.5, 0, 12, -0.25]])).toBe(`${BOM}-3.5,0,12,-0.25\r\n`);
  });

  it('writes a missing value as an empty field, a date as ISO, a number that is no number as empty', async () => {
    expect(await csvText([[null, undefined, new Date(Date.UTC(2026, 2, 29, 1, 30)), Number.NaN, true]])).toBe(`${BOM},,2026-03-29T01:30:00.000Z,,true\r\n`);
  });

  it('streams any number of rows from an async source, chunk by chunk', async () => {
    const total = 100_000;
    async function* rows(): AsyncGenerator<CsvRow> {
      for (let index = 0; index < total; index += 1) yield [`sensor ${index % 50}`, index, -index / 10];
    }
    let records = 0;
    let chunks = 0;
    let last = '';
    for await (const chunk of csvChunks(rows(), ['sensor', 'index', 'value'])) {
      chunks += 1;
      const text = chunk.toString('utf8');
      records += text.split('\r\n').length - 1;
      last = text;
    }
    expect(records).toBe(total + 1);
    expect(chunks).toBeGreaterThan(1);
    expect(last.endsWith(`sensor 49,${total - 1},-9999.9\r\n`)).toBe(true);
  });

  it('ends the stream with the error of a failing source', async () => {
    async function* failing(): AsyncGenerator<CsvRow> {
      yield ['one'];
      throw new Error('read failed');
    }
    await expect(csvBuffer(failing())).rejects.toThrow('read failed');
  });
});
