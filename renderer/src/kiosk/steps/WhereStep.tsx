import { useState } from 'react';
import { useNavigation } from '@renderer/navigation';
import { popularCities, type HotelSearch } from '@renderer/screens/hotels/hotel-search';
import { useT } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';
import { Field } from '@ui/Field';
import { KioskFrame } from '../KioskFrame';
import styles from '../Kiosk.module.css';

/** Hotel step 1: the city, by one touch on a popular one or typed. */
export function WhereStep({ search }: { search: HotelSearch }) {
  const t = useT();
  const { go } = useNavigation();
  const [city, setCity] = useState(search.city);
  const choose = (name: string) => go({ name: 'k-when', search: { ...search, city: name.trim(), state: '' } });
  return (
    <KioskFrame title={t('kiosk.where.title')}>
      <ul className={styles.grid} aria-label={t('hotels.popular')}>
        {popularCities.map((name) => (
          <li key={name}>
            <button type="button" className={styles.choice} onClick={() => choose(name)}>
              <span className={styles.choiceTitle}>{name}</span>
            </button>
          </li>
        ))}
      </ul>
      <form className={styles.form} role="search" onSubmit={(e) => (e.preventDefault(), city.trim() && choose(city))}>
        <Field label={t('kiosk.where.type')}>
          <input type="search" value={city} placeholder={t('hotels.cityPlaceholder')} onChange={(e) => setCity(e.target.value)} />
        </Field>
        <Button type="submit" variant="primary" size="large" disabled={!city.trim()}>
          {t('common.continue')}
        </Button>
      </form>
    </KioskFrame>
  );
}
