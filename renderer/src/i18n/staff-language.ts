import { useEffect } from 'react';
import { usePosQuery } from '@renderer/pos/queries';
import { useLanguage } from './I18nProvider';
import { defaultLanguage, isLanguage, type Language } from './languages';

const storageKey = (staffId: number) => `lobby-pos.language.staff.${staffId}`;

/** A staff member's own language, kept on this till (set in the back office's Settings). */
export function readStaffLanguage(staffId: number): Language | null {
  const saved = window.localStorage.getItem(storageKey(staffId));
  return isLanguage(saved) ? saved : null;
}

export function saveStaffLanguage(staffId: number, language: Language) {
  window.localStorage.setItem(storageKey(staffId), language);
}

/** Counter screens speak the signed-in staff member's language, and English (Nigeria) otherwise. */
export function useStaffLanguage() {
  const { setLanguage } = useLanguage();
  const status = usePosQuery('staff:status', {});
  const staffId = status.data?.signedIn?.id ?? null;
  useEffect(() => {
    setLanguage(staffId === null ? defaultLanguage : (readStaffLanguage(staffId) ?? defaultLanguage));
  }, [staffId, setLanguage]);
}
