// The 12-month chart of the CMV screen, in its own chunk with recharts (loaded when the
// screen shows it), so recharts never weighs on / or /home (DESIGN.md "Budgets").
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
import type { CmvMonth } from '../api/get-cmv-report.ts';
import { axisEuros, euros } from '../cmv-format.ts';
import { CMV_MESSAGES } from '../messages.ts';

const TICK = { fontSize: 12, fill: '#64748b' };

export function CmvChart({ months }: { months: readonly CmvMonth[] }) {
  const data = months.map((m) => ({
    month: formatMonthShort(m.month),
    sales: m.salesCents,
    cmv: m.cmvCents,
    margin: m.grossMarginCents,
  }));
  return (
    <div className="h-72 w-full" data-testid="cmv-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="month" tick={TICK} tickLine={false} interval="preserveStartEnd" />
          <YAxis
            tick={TICK}
            tickLine={false}
            axisLine={false}
            width={64}
            tickFormatter={(value: number) => axisEuros(value)}
          />
          <Tooltip formatter={(value) => euros(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="sales"
            name={CMV_MESSAGES.chartSales}
            fill="#0a9271"
            radius={[4, 4, 0, 0]}
          />
          <Bar dataKey="cmv" name={CMV_MESSAGES.chartCmv} fill="#f59e0b" radius={[4, 4, 0, 0]} />
          <Line
            dataKey="margin"
            name={CMV_MESSAGES.chartMargin}
            type="monotone"
            stroke="#1e293b"
            strokeWidth={2}
            dot={{ r: 2 }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
