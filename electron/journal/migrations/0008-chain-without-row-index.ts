/**
 * 8: the chain's `chain_by_row` index goes. No query ever looked a link up by its table and row
 * (journal:verify and the shipper walk the chain by terminal and seq, which UNIQUE (terminal_id,
 * seq) serves), yet every money write paid for it: one more b-tree insert and one more page in
 * each commit's fsync (issue 10, the journal commit's cost). The `row_id` column stays: the
 * shipper and journal:verify read it.
 */
export const chainWithoutRowIndex = `
  DROP INDEX chain_by_row;
`;
