// The /poupancas screen's data as the API sends it (issue 16 point 5). The web imports these.
import type { GoalProjection } from '#shared/savings-projection.ts';

export type SavingsSupplierDto = { nif: string; name: string };

export type SavingsGoalDto = {
  id: string;
  name: string;
  targetCents: number;
  targetDate: string;
  startDate: string;
  /** One savings supplier, or null: all of them. */
  supplierNif: string | null;
  supplierName: string | null;
  /** Paid savings since the start date, withdrawals (credit notes) subtracted. */
  savedCents: number;
  /** Savings invoices since the start date not paid yet. */
  pendingCents: number;
  percent: number;
  /** Net saving per month, the average of the last three months. */
  monthlyPaceCents: number;
  projection: GoalProjection;
};

export type SavingsMonthDto = { month: string; savedCents: number; cumulativeCents: number };

export type SavingsOverviewDto = {
  today: string;
  suppliers: SavingsSupplierDto[];
  /** The 12 months ending with the current one, oldest first. */
  months: SavingsMonthDto[];
  totalSavedCents: number;
  thisMonthCents: number;
  monthlyPaceCents: number;
  goals: SavingsGoalDto[];
};
