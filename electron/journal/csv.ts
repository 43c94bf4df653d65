/**
 * RFC 4180: fields with a comma, quote, CR or LF are quoted, quotes doubled, records end in CRLF.
 * Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe,
 * because journal text includes what customers typed; numbers are written as they are.
 */
export type CsvCell = string | number | null;

export function csvRecord(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',') + '\r\n';
}

function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' || !looksLikeFormula(cell) ? String(cell) : `'${cell}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const looksLikeFormula = (text: string) => /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
