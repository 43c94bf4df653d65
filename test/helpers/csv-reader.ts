/** UTF-8's byte-order mark, which the journal's CSV starts with so Excel reads it as UTF-8. */
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A strict RFC 4180 reader: the export must come back out field for field. A leading byte-order
 * mark is skipped, as spreadsheets do (whether the file has one is the caller's to check).
 */
export function parseCsv(file: string): string[][] {
  const text = file.startsWith(BYTE_ORDER_MARK) ? file.slice(1) : file;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error('unterminated quoted field');
        field += text.slice(i, quote);
        i = quote + 1;
        if (text[i] === '"') {
          field += '"';
          i++;
        } else break;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} in an unquoted field`);
        field += text[i++];
      }
    }
    record.push(field);
    field = '';
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else throw new Error(`unexpected ${JSON.stringify(text[i])} after a field`);
  }
  if (record.length) throw new Error('last record not ended with CRLF');
  return records;
}

/** The records as objects keyed by the header's column names. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}
