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

/**
 * The drawer's own switch, which the printer reports as the level of its drawer port's pin 3 in
 * every status answer (EPSON DLE EOT 1 bit 2, STAR's compulsion switch): `off` for a drawer
 * without one (many are sold without; pin 3 then reads the same whatever the drawer does), or
 * which level means open, since drawers are wired either way. Settings shows the reading, so
 * whoever installs the till opens and shuts the drawer and picks the one that matches.
 */
export const drawerSensors = ['off', 'open-when-high', 'open-when-low'] as const;
export type DrawerSensor = (typeof drawerSensors)[number];

/** The level of pin 3, as a printer's status answer gives it. */
export type DrawerPin = 'high' | 'low';

/** Open or closed by the sensor's wiring; null when there is no sensor or no reading. */
export function drawerPosition(sensor: DrawerSensor, pin: DrawerPin | undefined): 'open' | 'closed' | null {
  if (sensor === 'off' || pin === undefined) return null;
  return (pin === 'high') === (sensor === 'open-when-high') ? 'open' : 'closed';
}

/** Making change takes seconds: a drawer open this long has been left open (the top bar turns red; the X and Z reports count it). */
export const drawerLeftOpenMs = 60_000;
