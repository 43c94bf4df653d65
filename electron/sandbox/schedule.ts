import type { CinemaExperience, Schedule, Showtime } from './catalogue';
import { headquarters } from './catalogue-index';
import { isoDate, isoWeekday, type EpochDay } from '../../shared/dates';

/** When a film shows, resolved against "today" because the seed's dates are day offsets. */

export interface Run {
  start: EpochDay;
  end: EpochDay;
}

export function runOf(experience: CinemaExperience, today: EpochDay): Run {
  return { start: today + experience.run.start_offset, end: today + experience.run.end_offset };
}

export function showingOf(schedule: Schedule): { showing: 'daily' | 'weekly' | 'monthly'; per_day_times: boolean } {
  switch (schedule.kind) {
    case 'every_day':
      return { showing: 'daily', per_day_times: false };
    case 'dated_days':
      return { showing: 'daily', per_day_times: true };
    case 'weekdays':
      return { showing: 'weekly', per_day_times: false };
    case 'weekday_times':
      return { showing: 'weekly', per_day_times: true };
    case 'specific_dates':
      return { showing: 'monthly', per_day_times: false };
  }
}

/** The schedule that applies at a location (the film's own when times are shared). */
export function scheduleAt(experience: CinemaExperience, siteId: number): Schedule | undefined {
  if (experience.shared_times) return experience.schedule;
  return experience.locations.find((l) => l.site_id === siteId)?.schedule;
}

export function defaultSchedule(experience: CinemaExperience): Schedule | undefined {
  return scheduleAt(experience, headquarters(experience).site_id);
}

export function showtimesOn(schedule: Schedule, run: Run, today: EpochDay, day: EpochDay): Showtime[] {
  if (day < run.start || day > run.end) return [];
  switch (schedule.kind) {
    case 'every_day':
      return schedule.times;
    case 'dated_days':
      return schedule.days.find((d) => today + d.day_offset === day)?.times ?? [];
    case 'weekdays':
      return schedule.weekdays.includes(isoWeekday(day)) ? schedule.times : [];
    case 'weekday_times':
      return schedule.days.find((d) => d.weekday === isoWeekday(day))?.times ?? [];
    case 'specific_dates':
      return schedule.day_offsets.some((o) => today + o === day) ? schedule.times : [];
  }
}

/** The wire form of one schedule: times, days_with_times and specific_dates from today on. */
export function scheduleView(schedule: Schedule | undefined, run: Run, today: EpochDay) {
  const inRun = (day: EpochDay) => day >= Math.max(run.start, today) && day <= run.end;
  const empty = { times: [] as Showtime[], days_with_times: [] as unknown[], specific_dates: [] as string[] };
  if (!schedule) return empty;
  switch (schedule.kind) {
    case 'every_day':
      return { ...empty, times: schedule.times };
    case 'dated_days':
      return {
        ...empty,
        days_with_times: schedule.days
          .filter((d) => inRun(today + d.day_offset))
          .map((d) => ({ date: isoDate(today + d.day_offset), times: d.times })),
      };
    case 'weekdays':
      return { ...empty, times: schedule.times, days_with_times: schedule.weekdays.map((day) => ({ day, times: schedule.times })) };
    case 'weekday_times':
      return { ...empty, days_with_times: schedule.days.map((d) => ({ day: d.weekday, times: d.times })) };
    case 'specific_dates':
      return {
        ...empty,
        times: schedule.times,
        specific_dates: schedule.day_offsets.filter((o) => inRun(today + o)).sort((a, b) => a - b).map((o) => isoDate(today + o)),
      };
  }
}
