/** One trigger per table that refuses DELETE: journal rows are never deleted. */
export function neverDeleted(tables: string[]): string {
  return tables
    .map((table) => `CREATE TRIGGER ${table}_never_deleted BEFORE DELETE ON ${table}
  BEGIN SELECT RAISE(ABORT, 'Journal rows are never deleted.'); END;`)
    .join('\n  ');
}
