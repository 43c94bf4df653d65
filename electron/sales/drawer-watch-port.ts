/**
 * The cash drawer's sensor as closing a shift needs it. Declared here, by the side that needs it;
 * electron/app fills it from the printer's readings. Without it (no printer, no sensor), nothing
 * is said of the drawer at the close.
 */
export interface DrawerWatchPort {
  /**
   * Writes down, in the open shift, the drawer standing open a minute or more until `at` (the
   * close), so the Z report counts it; what stays open after `at` counts afresh from there.
   */
  leftOpenUntil(at: Date): void;
}
