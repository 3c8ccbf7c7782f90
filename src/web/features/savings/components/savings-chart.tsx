// The savings' monthly evolution, in its own chunk with recharts (loaded when shown).
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMonthShort } from '#shared/calendar-months.ts';
import { formatCents } from '#shared/money.ts';
import type { SavingsOverview } from '../api/get-savings.ts';
import { SAVINGS_MESSAGES } from '../messages.ts';

const TICK = { fontSize: 12, fill: '#64748b' };
const compact = new Intl.NumberFormat('pt-PT', { notation: 'compact', maximumFractionDigits: 1 });

export function SavingsChart({ months }: { months: SavingsOverview['months'] }) {
  const data = months.map((m) => ({
    month: formatMonthShort(m.month),
    saved: m.savedCents,
    cumulative: m.cumulativeCents,
  }));
  return (
    <div className="h-64 w-full sm:h-72" data-testid="savings-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="month" tick={TICK} tickLine={false} interval="preserveStartEnd" />
          <YAxis
            tick={TICK}
            tickLine={false}
            axisLine={false}
            width={60}
            tickFormatter={(value: number) => `${compact.format(value / 100)} €`}
          />
          <Tooltip formatter={(value) => formatCents(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="saved"
            name={SAVINGS_MESSAGES.chartSaved}
            fill="#12b48a"
            radius={[4, 4, 0, 0]}
          />
          <Line
            dataKey="cumulative"
            name={SAVINGS_MESSAGES.chartCumulative}
            type="monotone"
            stroke="#0f172a"
            strokeWidth={2}
            dot={{ r: 2 }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
