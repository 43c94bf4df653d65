/**
 * 14: two lookups that read the whole journal get their own index, so a till that has sold for a
 * year answers as fast as a new one. Measured on a journal of 60,000 sales (446 MiB), before:
 *
 * - the shift's figures (the X report behind *Shift*, every refund's "what is in the drawer", the
 *   close) found the shift's tenders by scanning every tender: three queries of ~50 ms each, 160 ms
 *   a call, growing with every sale;
 * - "sales the partner priced differently" (the attention list, asked on every screen that shows
 *   it) walked every confirmed sale through `sales_by_state` to find the few with a mismatch: 33 ms.
 *
 * The second index is partial: it holds only the mismatched sales, so a sale that is not one costs
 * it nothing but the test of its WHERE.
 *
 * Written to run again on a file that already has them (tests set user_version back and reopen).
 */
export const indexesForALongJournal = `
  CREATE INDEX IF NOT EXISTS tenders_by_shift ON tenders (shift_id, kind);
  CREATE INDEX IF NOT EXISTS sales_with_amount_mismatch ON sales (created_at, id) WHERE state = 'confirmed' AND amount_mismatch = 1;
`;
