import { createContext, useContext } from 'react';

export interface KioskControls {
  /** One step back, giving back held seats that the step before does not use. */
  back(): void;
  /** Forget this customer entirely: holds, answers, language; back to the attract screen. */
  startOver(): void;
}

export const KioskContext = createContext<KioskControls | null>(null);

export function useKiosk(): KioskControls {
  const controls = useContext(KioskContext);
  if (!controls) throw new Error('useKiosk outside the kiosk');
  return controls;
}
