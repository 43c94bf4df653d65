/**
 * 3: a sale's history can only be the moves it really made, and a confirmed sale carries no
 * failure reason.
 *
 * The journal writes a move in one transaction: the sale's row first (its state trigger refuses an
 * illegal state), then the event. So an event is legal exactly when it is the first one of its
 * sale (nothing -> pending, while the sale is pending), or when it goes from the state of the
 * sale's previous event to the state the sale is in now, which differs. An event of another
 * terminal or shift than its sale's, a repeated event, an event for a move the sale did not make,
 * or one inserted by hand with any made-up states is refused.
 *
 * The state table itself lives in one place only, `sales_legal_transition` (migration 1): this
 * guard follows the sale's row, so it stays right if that table ever grows.
 */
export const saleEventGuard = `
  CREATE TRIGGER sale_events_legal_move BEFORE INSERT ON sale_events
  WHEN NOT EXISTS (
    SELECT 1 FROM sales s
    WHERE s.id = NEW.sale_id
      AND s.terminal_id = NEW.terminal_id
      AND s.shift_id = NEW.shift_id
      AND s.state = NEW.to_state
      AND NEW.from_state IS NOT NEW.to_state
      AND NEW.from_state IS (
        SELECT e.to_state FROM sale_events e WHERE e.sale_id = NEW.sale_id ORDER BY e.id DESC LIMIT 1
      )
      AND (NEW.from_state IS NOT NULL OR NEW.to_state = 'pending')
  )
  BEGIN SELECT RAISE(ABORT, 'That sale event does not match a move the sale made.'); END;

  -- Only on the moves into confirmed: any other change of a sale is the state trigger's to refuse.
  CREATE TRIGGER sales_confirmed_without_failure BEFORE UPDATE OF state, failure_reason ON sales
  WHEN NEW.state = 'confirmed' AND NEW.failure_reason IS NOT NULL AND OLD.state IN ('sent', 'unknown')
  BEGIN SELECT RAISE(ABORT, 'A confirmed sale cannot keep a reason for failing.'); END;
`;
