// When a savings goal is met at the current pace (issue 16 point 5). The pace is the average
// net saving per month of the last PACE_MONTHS calendar months, the current one included;
// the projection counts whole months from the current one. Pure, so the server computes it
// and the tests check it by hand.
import { addMonths, monthOfDate, monthsBetween, type CalendarMonth } from './calendar-months.ts';
import type { CalendarDate } from './dates.ts';

export const PACE_MONTHS = 3;

export type GoalProjection =
  /** Saved at least the target. */
  | { kind: 'reached' }
  /** The target date has passed without reaching it. */
  | { kind: 'expired'; remainingCents: number }
  /** Nothing (or less than nothing) saved lately: no date can be projected. */
  | { kind: 'no-pace'; remainingCents: number; requiredMonthlyCents: number }
  /** The month the goal is met at this pace, on or before the target date's month, or after. */
  | {
      kind: 'on-track' | 'late';
      remainingCents: number;
      projectedMonth: CalendarMonth;
      requiredMonthlyCents: number;
    };

export type ProjectGoalParams = {
  targetCents: number;
  savedCents: number;
  targetDate: CalendarDate;
  today: CalendarDate;
  /** Net saving per month at the current pace (may be zero or negative). */
  monthlyPaceCents: number;
};

/** The average of the last PACE_MONTHS months' net savings, rounded to a cent. */
export function monthlyPace(lastMonthsCents: readonly number[]): number {
  const recent = lastMonthsCents.slice(-PACE_MONTHS);
  if (recent.length === 0) return 0;
  return Math.round(recent.reduce((sum, cents) => sum + cents, 0) / PACE_MONTHS);
}

export function projectGoal({
  targetCents,
  savedCents,
  targetDate,
  today,
  monthlyPaceCents,
}: ProjectGoalParams): GoalProjection {
  const remainingCents = targetCents - savedCents;
  if (remainingCents <= 0) return { kind: 'reached' };
  if (targetDate < today) return { kind: 'expired', remainingCents };
  const thisMonth = monthOfDate(today);
  // The months left to save in, the current and the target's included.
  const monthsLeft = monthsBetween(thisMonth, monthOfDate(targetDate)) + 1;
  const requiredMonthlyCents = Math.ceil(remainingCents / monthsLeft);
  if (monthlyPaceCents <= 0) return { kind: 'no-pace', remainingCents, requiredMonthlyCents };
  // Saving `pace` a month from the current one on, the goal is met in the month that brings
  // the sum to the remainder: the current month is the first of them.
  const monthsNeeded = Math.ceil(remainingCents / monthlyPaceCents);
  const projectedMonth = addMonths(thisMonth, monthsNeeded - 1);
  const kind = projectedMonth <= monthOfDate(targetDate) ? 'on-track' : 'late';
  return { kind, remainingCents, projectedMonth, requiredMonthlyCents };
}

/** Progress as a whole percentage, 0 to 100. */
export function goalPercent(savedCents: number, targetCents: number): number {
  if (targetCents <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((savedCents * 100) / targetCents)));
}
