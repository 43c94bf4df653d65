/**
 * The cash drawer wired to the receipt printer's drawer port (the RJ11/RJ12 "DK" socket): which of
 * its two pins opens it, or `off` for a till without one. Most drawers are on pin 2; a second
 * drawer, or one wired the other way, on pin 5.
 */
export const cashDrawers = ['pin-2', 'pin-5', 'off'] as const;
export type CashDrawer = (typeof cashDrawers)[number];
