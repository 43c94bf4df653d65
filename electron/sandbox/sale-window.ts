import type { Experience } from './catalogue';

/**
 * Whether an experience is over. Offsets are relative to today, so a run or event whose last day
 * is before today has a negative end offset. Ended experiences are not listed and not sold.
 */
export function hasEnded(experience: Experience): boolean {
  return (experience.cinema ? experience.run.end_offset : experience.end_offset) < 0;
}
