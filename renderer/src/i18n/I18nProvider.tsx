import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { catalogues } from './catalogues';
import { defaultLanguage, intlLocaleOf, type Language } from './languages';
import type { PosError } from '@shared/errors';
import { errorTextIn } from './error-text';
import { formatDate, formatMoney, type DateStyle, type Translate } from './format';

interface LanguageChoice {
  language: Language;
  setLanguage(language: Language): void;
}

const LanguageContext = createContext<LanguageChoice | null>(null);

/**
 * The screen's language. The kiosk customer's choice lives here and is reset with the customer;
 * a signed-in staff member's choice is applied by the shell (see useStaffLanguage).
 */
export function I18nProvider({ children, initial = defaultLanguage }: { children: ReactNode; initial?: Language }) {
  const [language, setLanguageState] = useState<Language>(initial);
  // Asking for the language already chosen changes nothing, so no state update is made: React
  // keeps even a same-value update (bailed out) queued on this provider until it next renders,
  // and a kiosk asks for English at every Start over, so each customer left one behind for good.
  const requested = useRef(initial);
  const setLanguage = useCallback((next: Language) => {
    if (next === requested.current) return;
    requested.current = next;
    setLanguageState(next);
  }, []);
  const locale = intlLocaleOf(language);
  useEffect(() => {
    // Screen readers and axe read the page's language from here.
    document.documentElement.lang = locale;
  }, [locale]);
  const choice = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={choice}>
      <IntlProvider locale={locale} defaultLocale="en-NG" messages={catalogues[language]}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageChoice {
  const choice = useContext(LanguageContext);
  if (!choice) throw new Error('useLanguage outside I18nProvider');
  return choice;
}

/** `t('film.ticketCount', { count })`: typed keys, ICU plurals in the current language. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback<Translate>((key, values) => intl.formatMessage({ id: key }, values) as string, [intl]);
}

/** What an error from main says, in the current language: `const say = useErrorText(); <p>{say(error)}</p>`. */
export function useErrorText(): (error: PosError) => string {
  const t = useT();
  return useMemo(() => errorTextIn(t), [t]);
}

/** Words, money and dates for a screen, all in the current language. */
export function useI18n() {
  const t = useT();
  const { language } = useLanguage();
  return useMemo(
    () => ({ t, language, money: formatMoney, date: (date: string, style?: DateStyle) => formatDate(t, date, style) }),
    [t, language],
  );
}
