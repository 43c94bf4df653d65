import type { CopyMark } from './receipt-input';

/**
 * Whether a paper opens the cash drawer as it starts: when cash moves with it, on its first print
 * only. A copy moves no money, and training sells nothing: a drawer that opens for a sale that
 * took nothing is the oldest way of taking money out of a till unseen.
 */
export function opensDrawer(paper: { copy: CopyMark | null; training: boolean }, cashMoves: boolean): boolean {
  return cashMoves && paper.copy === null && !paper.training;
}
