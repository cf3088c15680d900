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

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
