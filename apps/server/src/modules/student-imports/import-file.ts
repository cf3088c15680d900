import { parse } from 'csv-parse/sync';
import { type CellValue, readSheet } from 'read-excel-file/node';
import { studentImports as messages } from '@portal/contracts/messages';
import {
  headerKey,
  importCells,
  importColumns,
  type ImportError,
  type ImportField,
  importFields,
  importLimits,
  type ImportValues,
} from '@portal/contracts/student-imports';
import { BadRequest } from '../../lib/errors.ts';
import { readZipEntries, storedZip, type UnpackLimits, ZipTooLarge } from '../../lib/zip-entries.ts';

/** A row whose every cell passed its column's rule: its number in the file and its values. */
export type ParsedRow = { row: number; values: ImportValues };

export type ParsedFile = {
  rows: ParsedRow[];
  errors: ImportError[];
  /** Rows with at least one cell filled in (blank lines are skipped but keep their numbers). */
  rowCount: number;
  /** The header each field has in this file, for messages about the rows as a whole. */
  headers: Partial<Record<ImportField, string>>;
};

const byKey = new Map<string, ImportField>(
  importFields.flatMap((field) => {
    const { header, aliases } = importColumns[field];
    return [header, ...aliases, field].map((name) => [headerKey(name), field] as const);
  }),
);

const zipStart = Buffer.from('PK\x03\x04', 'latin1');

/** Signatures of files that are neither CSV text nor XLSX: old Excel, PDF, images. */
const binaryStarts = [
  Buffer.from('d0cf11e0a1b11ae1', 'hex'),
  Buffer.from('%PDF-', 'latin1'),
  Buffer.from('89504e47', 'hex'),
  Buffer.from('ffd8ff', 'hex'),
];

/** The file's text, or a 400 when it is not CSV: a binary format, a NUL byte, or not UTF-8. */
function csvText(bytes: Buffer, fileName: string): string {
  if (/\.(xls|xlsm|ods|numbers|pdf)$/i.test(fileName)) throw new BadRequest(messages.notCsv);
  if (binaryStarts.some((magic) => bytes.subarray(0, magic.length).equals(magic))) {
    throw new BadRequest(messages.notCsv);
  }
  if (bytes.includes(0)) throw new BadRequest(messages.notCsv);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequest(messages.notCsv);
  }
}

function csvRecords(bytes: Buffer, fileName: string): string[][] {
  const text = csvText(bytes, fileName);
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch {
    throw new BadRequest(messages.unreadable);
  }
}

/**
 * What reading an XLSX may unpack. A 5 MB workbook of real rows unpacks to some tens of MB, most of
 * it one sheet; a file that would unpack to more is refused. Only the parts read-excel-file reads
 * (.xml and .xml.rels) are unpacked and counted: pictures and the like are never inflated.
 */
const xlsxLimits: UnpackLimits = {
  maxEntryBytes: 60_000_000,
  maxTotalBytes: 100_000_000,
  maxEntries: 10_000,
};
const xlsxPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/** An XLSX cell as the text a CSV would hold: numbers as written, a date as YYYY-MM-DD, empty as ''. */
const cellText = (cell: CellValue | null): string => {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  // The package types a date cell as `typeof Date`; it is a Date.
  const date: unknown = cell;
  return date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : '';
};

/**
 * The first sheet of an XLSX workbook as rows of cell texts. read-excel-file streams through the
 * ZIP trusting its local headers, and a data descriptor lets those hide an entry that inflates to
 * gigabytes while the central directory declares a few bytes (issue 26: 300 MB from 307 KB). It
 * cannot be told to stop, so it is never given the upload: yauzl unpacks the parts it reads, within
 * `xlsxLimits` and only when every header agrees (`readZipEntries`), and read-excel-file reads them
 * again from a ZIP of them stored uncompressed (`storedZip`), whose sizes are exact.
 */
async function xlsxRecords(bytes: Buffer): Promise<string[][]> {
  let parts: Map<string, Buffer>;
  try {
    parts = await readZipEntries(bytes, xlsxPart, xlsxLimits);
  } catch (error) {
    throw new BadRequest(error instanceof ZipTooLarge ? messages.xlsxTooLarge : messages.unreadableXlsx);
  }
  try {
    const sheet = await readSheet(storedZip(parts));
    return sheet.map((cells) => cells.map(cellText));
  } catch {
    throw new BadRequest(messages.unreadableXlsx);
  }
}

/** The file's rows of cells: an XLSX workbook's first sheet (by name or by its ZIP signature), else CSV. */
const fileRecords = (bytes: Buffer, fileName: string) =>
  /\.xlsx$/i.test(fileName) || bytes.subarray(0, zipStart.length).equals(zipStart)
    ? xlsxRecords(bytes)
    : Promise.resolve(csvRecords(bytes, fileName));

/**
 * Reads an uploaded CSV or XLSX: matches the header to the import's fields by name or alias, then checks
 * every filled-in cell with its field's rule. Blank cells mean "no change" and are left out of the
 * values. A problem with the file as a whole (neither CSV nor XLSX, too many rows, no Email or Roll Number
 * column) is a 400; a problem with a cell is an error with its row and column.
 */
export async function parseImportFile(bytes: Buffer, fileName: string): Promise<ParsedFile> {
  const records = await fileRecords(bytes, fileName);
  const [header, ...body] = records;
  if (!header || body.length === 0) throw new BadRequest(messages.empty);

  const columns: { index: number; field: ImportField; header: string }[] = [];
  header.forEach((name, index) => {
    const field = byKey.get(headerKey(name));
    if (!field) return; // Columns the import does not read (an export's Placed, Company …) are ignored.
    if (columns.some((c) => c.field === field)) {
      throw new BadRequest(messages.duplicateColumn(importColumns[field].header));
    }
    columns.push({ index, field, header: name.trim() });
  });
  if (!columns.some((c) => c.field === 'email' || c.field === 'rollNumber')) {
    throw new BadRequest(messages.noKeyColumn);
  }
  const filled = body.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  if (filled.length > importLimits.maxRows) throw new BadRequest(messages.tooManyRows(importLimits.maxRows));
  if (filled.length === 0) throw new BadRequest(messages.empty);

  const rows: ParsedRow[] = [];
  const errors: ImportError[] = [];
  body.forEach((cells, i) => {
    if (!cells.some((cell) => cell.trim() !== '')) return;
    const row = i + 2;
    const values: Record<string, unknown> = {};
    let ok = true;
    for (const { index, field, header: column } of columns) {
      const cell = (cells[index] ?? '').trim();
      if (cell === '') continue;
      const checked = importCells[field].safeParse(cell);
      if (checked.success) {
        values[field] = checked.data;
      } else {
        ok = false;
        errors.push({ row, column, message: checked.error.issues[0]?.message ?? 'Invalid value.' });
      }
    }
    if (ok) rows.push({ row, values });
  });
  return {
    rows,
    errors,
    rowCount: filled.length,
    headers: Object.fromEntries(columns.map((c) => [c.field, c.header])),
  };
}
