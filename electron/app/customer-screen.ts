/**
 * What a kiosk customer began on this screen: the one sale they are buying and the seats they hold.
 * It is forgotten when the screen resets (the kiosk's reset signs staff out), when staff sign in,
 * when the next customer begins another sale, and after `forgetAfterMs` without use, so the next
 * stranger at the kiosk can never open the previous customer's sale.
 */
export interface CustomerScreen {
  /** `peek` asks without counting as use (an event passing by is not the customer at the screen). */
  ownsSale(saleId: string, options?: { peek?: boolean }): boolean;
  ownsHold(holdId: string): boolean;
  /** A new sale begins: it replaces the previous customer's sale. */
  beginSale(saleId: string): void;
  /** Seats held for the order being put together. */
  addHold(holdId: string): void;
  reset(): void;
}

const maxHolds = 20;

/**
 * `left` hears of each sale whose customer is gone (the screen reset, another sale began, or it was
 * forgotten after `forgetAfterMs`), once per sale: printing holds a receipt nobody will take.
 */
export function createCustomerScreen(deps: { clock: () => Date; forgetAfterMs: number; left?: (saleId: string) => void }): CustomerScreen {
  let saleId: string | null = null;
  let holds: string[] = [];
  let lastUsed = 0;

  const forget = () => {
    const gone = saleId;
    saleId = null;
    holds = [];
    if (gone !== null) deps.left?.(gone);
  };

  const fresh = (touch = true) => {
    const now = deps.clock().getTime();
    if (now - lastUsed > deps.forgetAfterMs) forget();
    if (touch) lastUsed = now;
  };

  return {
    ownsSale(id, options) {
      fresh(!options?.peek);
      return saleId !== null && saleId === id;
    },
    ownsHold(id) {
      fresh();
      return holds.includes(id);
    },
    beginSale(id) {
      fresh();
      if (saleId !== null && saleId !== id) forget();
      saleId = id;
    },
    addHold(id) {
      fresh();
      holds = [...holds.filter((held) => held !== id), id].slice(-maxHolds);
    },
    reset: forget,
  };
}
