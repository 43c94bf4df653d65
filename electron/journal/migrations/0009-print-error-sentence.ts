/**
 * 9: why a print job did not print, as a shared sentence (`last_error_said`: the JSON of a `Said`,
 * shared/errors.ts) beside its English (`last_error`), so the sale's receipt line and Staff →
 * Printer say it in the reader's language. Jobs that failed before keep their English only.
 * Print jobs are not money, so the column is not chained.
 */
export const printErrorSentence = `
  ALTER TABLE print_jobs ADD COLUMN last_error_said TEXT;
`;
