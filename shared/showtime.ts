/**
 * A showtime as the partner writes it ("7:30PM", "11:30AM") as the reader's language writes a time:
 * French on the 24-hour clock ("19:30"); English, Pidgin, Yoruba, Hausa and Igbo as Nigerians
 * write it, unchanged. Anything that is not such a time is shown as it came.
 */
export function formatShowtime(start: string, language: string): string {
  if (language !== 'fr') return start;
  const match = /^\s*(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\.?\s*$/.exec(start);
  if (!match) return start;
  const hour12 = Number(match[1]);
  if (hour12 < 1 || hour12 > 12) return start;
  const hour = (hour12 % 12) + (match[3]!.toLowerCase() === 'p' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
}
