// The /poupancas screen from its parts (issue 16 point 5): the 12-month evolution, the pace,
// and each goal's progress and projection. Pure: the queries bring the sums, this arranges them.
import type { SavingsGoal } from '#server/db/schema/index.ts';
import { monthOfDate, monthsEndingAt } from '#shared/calendar-months.ts';
import type { CalendarDate } from '#shared/dates.ts';
import { goalPercent, monthlyPace, PACE_MONTHS, projectGoal } from '#shared/savings-projection.ts';
import type {
  SavingsGoalDto,
  SavingsMonthDto,
  SavingsOverviewDto,
  SavingsSupplierDto,
} from './savings-dto.ts';
import type { GoalProgress, SavingsByMonth } from './savings.queries.ts';

export const EVOLUTION_MONTHS = 12;

export type SavingsOverviewParts = {
  today: CalendarDate;
  suppliers: SavingsSupplierDto[];
  byMonth: readonly SavingsByMonth[];
  goals: readonly SavingsGoal[];
  progress: ReadonlyMap<string, GoalProgress>;
};

/** Net savings per month of the suppliers `nifs` allows (all when null). */
function monthTotals(byMonth: readonly SavingsByMonth[], nif: string | null): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of byMonth) {
    if (nif !== null && row.nif !== nif) continue;
    totals.set(row.month, (totals.get(row.month) ?? 0) + row.savedCents);
  }
  return totals;
}

function paceOf(totals: ReadonlyMap<string, number>, today: CalendarDate): number {
  const recent = monthsEndingAt(monthOfDate(today), PACE_MONTHS);
  return monthlyPace(recent.map((month) => totals.get(month) ?? 0));
}

export function buildSavingsOverview({
  today,
  suppliers,
  byMonth,
  goals,
  progress,
}: SavingsOverviewParts): SavingsOverviewDto {
  const savingsNifs = new Set(suppliers.map((s) => s.nif));
  const all = monthTotals(byMonth, null);
  const window = monthsEndingAt(monthOfDate(today), EVOLUTION_MONTHS);
  const first = window[0] ?? monthOfDate(today);
  let cumulative = 0;
  for (const [month, cents] of all) if (month < first) cumulative += cents;
  const months = window.map((month): SavingsMonthDto => {
    const savedCents = all.get(month) ?? 0;
    cumulative += savedCents;
    return { month, savedCents, cumulativeCents: cumulative };
  });
  let totalSavedCents = 0;
  for (const cents of all.values()) totalSavedCents += cents;
  const nameOf = new Map(suppliers.map((s) => [s.nif, s.name]));

  const goalDtos = goals.map((goal): SavingsGoalDto => {
    // A goal naming a supplier that is no longer a savings supplier counts nothing.
    const nif = goal.supplierNif;
    const isCounted = nif === null || savingsNifs.has(nif);
    const { savedCents, pendingCents } = (isCounted ? progress.get(goal.id) : undefined) ?? {
      savedCents: 0,
      pendingCents: 0,
    };
    const monthlyPaceCents = isCounted ? paceOf(monthTotals(byMonth, nif), today) : 0;
    return {
      id: goal.id,
      name: goal.name,
      targetCents: goal.targetCents,
      targetDate: goal.targetDate,
      startDate: goal.startDate,
      supplierNif: nif,
      supplierName: nif === null ? null : (nameOf.get(nif) ?? null),
      savedCents,
      pendingCents,
      percent: goalPercent(savedCents, goal.targetCents),
      monthlyPaceCents,
      projection: projectGoal({
        targetCents: goal.targetCents,
        savedCents,
        targetDate: goal.targetDate,
        today,
        monthlyPaceCents,
      }),
    };
  });

  return {
    today,
    suppliers,
    months,
    totalSavedCents,
    thisMonthCents: all.get(monthOfDate(today)) ?? 0,
    monthlyPaceCents: paceOf(all, today),
    goals: goalDtos,
  };
}
