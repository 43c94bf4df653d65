import { useState } from 'react';
import { useLanguage, useT } from '@renderer/i18n/I18nProvider';
import { languages } from '@renderer/i18n/languages';
import { Button } from '@ui/Button';
import { Sheet } from '@ui/Sheet';
import { GlobeIcon } from '@ui/icons';
import styles from './Kiosk.module.css';

/**
 * The language, changeable on every step before paying: a stranger who chose the wrong one (or
 * hands the screen to someone who reads another) is not sent back to the start. Each language is
 * named in its own words; everything on the screen, the order's summary too, follows at once, and
 * the receipt is printed in the language chosen when the customer pays.
 */
export function LanguageSwitch() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const [open, setOpen] = useState(false);
  const current = languages.find((l) => l.code === language)!;
  return (
    <>
      <button type="button" className={styles.languageButton} aria-label={`${t('kiosk.chooseLanguage')}${t('common.colon')}${current.name}`} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="kiosk-language">
        <GlobeIcon />
        <span lang={current.intl}>{current.name}</span>
      </button>
      {open && (
        <Sheet
          title={t('kiosk.chooseLanguage')}
          onClose={() => setOpen(false)}
          actions={
            <Button variant="secondary" size="large" onClick={() => setOpen(false)}>
              {t('common.close')}
            </Button>
          }
        >
          <div className={styles.languageChoices}>
            {languages.map((l) => (
              <button
                key={l.code}
                type="button"
                lang={l.intl}
                className={styles.languageChoice}
                aria-pressed={l.code === language}
                onClick={() => {
                  setLanguage(l.code);
                  setOpen(false);
                }}
              >
                {l.name}
              </button>
            ))}
          </div>
        </Sheet>
      )}
    </>
  );
}
