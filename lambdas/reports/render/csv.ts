import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';

/**
 * A report as CSV (issue 34 section 3): RFC 4180 (comma, CRLF between records, a field holding
 * a comma, quote, CR or LF quoted with its quotes doubled), UTF-8 with a byte-order mark so
 * spreadsheet programs read the accents, and OWASP's CSV-injection guard: a text cell starting
 * with =, +, -, @, tab or carriage return (or their full-width forms) gets a single quote in
 * front, so a spreadsheet shows it as text instead of running it. A number cell stays a number
 * (-3.5 is written -3.5). Rows stream through csv-stringify's Transform: no row cap, memory
 * bounded by the stream's buffer whatever the range.
 */

export type CsvCell = string | number | boolean | Date | null | undefined;
export type CsvRow = readonly CsvCell[];

/** The options every report's CSV is written with. */
export const CSV_OPTIONS = {
  bom: true,
  delimiter: ',',
  quote: '"',
  escape: '"',
  record_delimiter: 'windows',
  // A lone LF or CR inside a field is quoted too (csv-stringify leaves it bare once a delimiter is set).
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: {
    // Numbers keep their type through the guard above; a number that is no number is no value.
    number: (value: number) => (Number.isFinite(value) ? String(value) : ''),
    boolean: (value: boolean) => (value ? 'true' : 'false'),
    date: (value: Date) => value.toISOString(),
  },
} as const satisfies Options;

/** A CSV's bytes as a stream: the header row, then each row as it comes (from an array, a generator or a stream of rows). */
export function csvStream(rows: Iterable<CsvRow> | AsyncIterable<CsvRow>, header?: readonly string[]): Readable {
  const source = Readable.from(withHeader(rows, header), { objectMode: true });
  const stringifier = stringify(CSV_OPTIONS);
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}

/** The same, chunk by chunk (UTF-8 bytes), for writing to a file or an upload part. */
export async function* csvChunks(rows: Iterable<CsvRow> | AsyncIterable<CsvRow>, header?: readonly string[]): AsyncGenerator<Buffer> {
  for await (const chunk of csvStream(rows, header)) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), 'utf8');
}

/** A whole (small) CSV at once: tests and on-the-spot answers. */
export async function csvBuffer(rows: Iterable<CsvRow> | AsyncIterable<CsvRow>, header?: readonly string[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of csvChunks(rows, header)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* withHeader(rows: Iterable<CsvRow> | AsyncIterable<CsvRow>, header: readonly string[] | undefined): AsyncGenerator<CsvCell[]> {
  if (header !== undefined) yield [...header];
  for await (const row of rows) yield [...row];
}
