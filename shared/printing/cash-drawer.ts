/**
 * The cash drawer wired to the receipt printer's drawer port (the RJ11/RJ12 "DK" socket): which of
 * its two pins opens it, or `off` for a till without one. Most drawers are on pin 2; a second
 * drawer, or one wired the other way, on pin 5.
 */
export const cashDrawers = ['pin-2', 'pin-5', 'off'] as const;
export type CashDrawer = (typeof cashDrawers)[number];

/**
 * Who may open the drawer for something other than a sale: without one (No sale, `printer.noSaleBy`)
 * or to take cash out (Cash out, `printer.cashOutBy`). Anyone signed in (each is on the shift's
 * reports with who and why), or only a supervisor, as an owner who counts the money may want: a
 * cashier then asks another supervisor to type their PIN on her screen.
 */
export const drawerRules = ['anyone', 'supervisor'] as const;
export type DrawerRule = (typeof drawerRules)[number];
