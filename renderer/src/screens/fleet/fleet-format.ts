/** Lagos wall-clock time of an ISO instant ("14:05", or "Tue 14:05" when not today). */
export function lagosTime(iso: string, now = new Date()): string {
  const when = new Date(iso);
  const day = (d: Date) => new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const time = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(when);
  if (day(when) === day(now)) return time;
  return `${new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', weekday: 'short', day: 'numeric', month: 'short' }).format(when)} ${time}`;
}

/** "under a minute", "3 min", "2 h 5 min", "6 d 4 h": how long something has waited. */
export function ageText(iso: string | null, now = new Date()): string {
  if (!iso) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** YYYY-MM-DD of a day in Lagos, `offset` days from today. */
export function lagosDay(offset = 0, now = new Date()): string {
  const shifted = new Date(now.getTime() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(shifted);
}

export const records = (n: number) => `${n.toLocaleString('en-NG')} ${n === 1 ? 'record' : 'records'}`;
