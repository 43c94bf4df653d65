import { addDays, lagosDate, nightsBetween } from '@shared/dates';
import { stayProblems } from '@shared/stay';
import { useNavigation } from '@renderer/navigation';
import type { HotelSearch } from '@renderer/screens/hotels/hotel-search';
import { formatDay } from '@renderer/i18n/format';
import { useI18n } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';
import { Chip, Chips } from '@ui/Chip';
import { FieldGroup } from '@ui/Field';
import { Stepper } from '@ui/Stepper';
import { KioskFrame } from '../KioskFrame';
import styles from '../Kiosk.module.css';

/** Hotel step 2: the stay — check-in day by touch (the next two weeks), nights, guests, rooms. */
export function WhenStep({ search }: { search: HotelSearch }) {
  const { t, date } = useI18n();
  const { go, replace } = useNavigation();
  const today = lagosDate(new Date());
  const tomorrow = addDays(today, 1);
  const nights = Math.max(1, nightsBetween(search.checkIn, search.checkOut));
  const set = (patch: Partial<HotelSearch>) => replace({ name: 'k-when', search: { ...search, ...patch } });
  const setCheckIn = (checkIn: string) => set({ checkIn, checkOut: addDays(checkIn, nights) });
  const ready = Object.keys(stayProblems(search, today)).length === 0;
  return (
    <KioskFrame
      title={t('kiosk.when.title')}
      lead={search.city}
      footer={
        <>
          <span className={styles.footerTotal} role="status">
            {t('kiosk.when.summary', { checkIn: date(search.checkIn), checkOut: date(search.checkOut) })} · {t('hotel.nights', { count: nights })}
          </span>
          <Button variant="primary" size="hero" disabled={!ready} onClick={() => go({ name: 'k-hotels', search })}>
            {t('common.continue')}
          </Button>
        </>
      }
    >
      <FieldGroup label={t('kiosk.when.checkIn')}>
        {/* Two weeks of days wrap into rows; on a short screen they scroll sideways in one row,
            so Nights, Guests and Rooms stay above the Continue bar instead of under it. */}
        <Chips scroll="short">
          {Array.from({ length: 14 }, (_, i) => addDays(today, i)).map((day) => (
            <Chip key={day} selected={day === search.checkIn} onClick={() => setCheckIn(day)}>
              {formatDay(t, day, today, tomorrow)}
            </Chip>
          ))}
        </Chips>
      </FieldGroup>
      <div className={styles.times}>
        <FieldGroup label={t('kiosk.when.nights')}>
          <Stepper label={t('kiosk.when.nights')} value={nights} min={1} max={30} onChange={(n) => set({ checkOut: addDays(search.checkIn, n) })} />
        </FieldGroup>
        <FieldGroup label={t('kiosk.when.guests')}>
          <Stepper label={t('kiosk.when.guests')} value={search.guests} min={1} max={20} onChange={(guests) => set({ guests })} />
        </FieldGroup>
        <FieldGroup label={t('kiosk.when.rooms')}>
          <Stepper label={t('kiosk.when.rooms')} value={search.rooms} min={1} max={10} onChange={(rooms) => set({ rooms })} />
        </FieldGroup>
      </div>
    </KioskFrame>
  );
}
