import { Readable } from 'node:stream';

/**
 * CSV as spreadsheets read it (RFC 4180): a byte-order mark so Excel takes it as UTF-8, CRLF line
 * ends, fields with a comma, quote or line break quoted with quotes doubled. A field that starts
 * like a formula (=, +, -, @, tab, CR) gets a leading apostrophe so a spreadsheet shows it as text
 * instead of running it.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

type CsvRow = readonly (string | number | null)[];

/**
 * The same bytes as `toCsv`, made as they are sent: the header, then each chunk of rows as the
 * reader asks for it (a stream pulls the next chunk only once the last one was taken), so an export
 * of 100,000 rows holds one chunk in memory, not the file.
 */
export function csvStream<Row>(
  header: readonly string[],
  chunks: AsyncIterable<readonly Row[]>,
  cellsOf: (row: Row) => CsvRow,
): Readable {
  const line = (row: CsvRow) => `${row.map(csvField).join(',')}\r\n`;
  return Readable.from(
    (async function* () {
      yield Buffer.from(`\uFEFF${line(header)}`);
      for await (const rows of chunks) {
        if (rows.length > 0) yield Buffer.from(rows.map((row) => line(cellsOf(row))).join(''));
      }
    })(),
  );
}

/**
 * Reads a list a chunk at a time by keyset: `next(after, size)` gives at most `size` rows after the
 * key `after` (null: from the start); it stops after a short chunk. `first` is the first chunk when
 * the caller already read it (to fail before an answer starts rather than in the middle of one).
 */
export async function* keysetChunks<Row, Key>(
  next: (after: Key | null, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
  first?: Row[],
): AsyncGenerator<Row[]> {
  let rows = first ?? (await next(null, size));
  for (;;) {
    yield rows;
    if (rows.length < size) return;
    rows = await next(keyOf(rows[rows.length - 1]!), size);
  }
}

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
