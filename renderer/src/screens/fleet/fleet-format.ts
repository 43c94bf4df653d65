import { addDays, lagosDate } from '@shared/dates';
import { formatDate, formatLagosClock, type Translate } from '@renderer/i18n/format';

/** Lagos wall-clock time of an ISO instant ("14:05", or "Tue 25 Nov 14:05" when not today), names from the catalogue. */
export function lagosTime(t: Translate, iso: string, now = new Date()): string {
  const when = new Date(iso);
  const time = formatLagosClock(when);
  const day = lagosDate(when);
  if (day === lagosDate(now)) return time;
  return `${formatDate(t, day, 'short')} ${time}`;
}

/** "under a minute", "3 min", "2 h 5 min", "6 d 4 h": how long something has waited. */
export function ageText(t: Translate, iso: string | null, now = new Date()): string {
  if (!iso) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 1) return t('fleet.age.underMinute');
  if (minutes < 60) return t('fleet.age.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('fleet.age.hours', { hours, minutes: minutes % 60 });
  return t('fleet.age.days', { days: Math.floor(hours / 24), hours: hours % 24 });
}

/** YYYY-MM-DD of a day in Lagos, `offset` days from today. */
export function lagosDay(offset = 0, now = new Date()): string {
  return addDays(lagosDate(now), offset);
}

export const records = (t: Translate, n: number) => t('fleet.records', { count: n });
