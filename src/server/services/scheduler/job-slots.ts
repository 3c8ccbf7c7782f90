// When a job runs: its cron schedule read in Lisbon time, as a series of slots. A run is for
// the latest slot at or before the moment it starts; a slot whose run succeeded is done.
import { Cron } from 'croner';
import { DEFAULT_TIMEZONE } from '#shared/domain.ts';

// Without a function croner schedules nothing: these only answer "when". Schedules are few
// and fixed (one per declared job), so they are parsed once.
const parsed = new Map<string, Cron>();

function cronOf(schedule: string): Cron {
  let cron = parsed.get(schedule);
  if (!cron) {
    cron = new Cron(schedule, { timezone: DEFAULT_TIMEZONE });
    parsed.set(schedule, cron);
  }
  return cron;
}

/** The next scheduled run after `now`. */
export function nextRunAt(schedule: string, now: Date = new Date()): Date {
  const next = cronOf(schedule).nextRun(now);
  if (!next) throw new Error(`${schedule} has no next run`);
  return next;
}

/** The latest scheduled run at or before `now`: the one a run started now is for. */
export function latestSlot(schedule: string, now: Date = new Date()): Date {
  // previousRuns looks strictly before its reference; 1 ms later counts `now` itself.
  const [slot] = cronOf(schedule).previousRuns(1, new Date(now.getTime() + 1));
  if (!slot) throw new Error(`${schedule} has no previous run`);
  return slot;
}
