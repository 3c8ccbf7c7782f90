// When a goal is met at the current pace, in words (issue 16 point 5).
import { formatMonthLong } from '#shared/calendar-months.ts';
import { formatDateShort } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { PACE_MONTHS, type GoalProjection } from '#shared/savings-projection.ts';

export type ProjectionTone = 'done' | 'good' | 'warn' | 'neutral';

export function projectionText(
  projection: GoalProjection,
  { paceCents, targetDate }: { paceCents: number; targetDate: string },
): { text: string; tone: ProjectionTone } {
  const deadline = formatDateShort(targetDate);
  switch (projection.kind) {
    case 'reached':
      return { text: 'Objetivo atingido. Parabéns!', tone: 'done' };
    case 'expired':
      return {
        text: `A data do objetivo (${deadline}) já passou; faltam ${formatCents(projection.remainingCents)}.`,
        tone: 'warn',
      };
    case 'no-pace':
      return {
        text: `Sem poupanças nos últimos ${PACE_MONTHS} meses, ainda não é possível prever quando atinge o objetivo. Para o atingir até ${deadline}, poupe ${formatCents(projection.requiredMonthlyCents)} por mês.`,
        tone: 'neutral',
      };
    case 'on-track':
      return {
        text: `Ao ritmo atual (${formatCents(paceCents)} por mês), atinge o objetivo em ${formatMonthLong(projection.projectedMonth)}, dentro do prazo.`,
        tone: 'good',
      };
    case 'late':
      return {
        text: `Ao ritmo atual (${formatCents(paceCents)} por mês), só atinge o objetivo em ${formatMonthLong(projection.projectedMonth)}, depois do prazo (${deadline}). Para chegar a tempo, poupe ${formatCents(projection.requiredMonthlyCents)} por mês.`,
        tone: 'warn',
      };
  }
}
