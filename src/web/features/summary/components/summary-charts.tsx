// The three recharts charts of /resumo, in their own chunk (loaded when the summary shows a
// chart), so recharts never weighs on / or /home (DESIGN.md "Budgets").
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { TOP_SUPPLIERS_DESKTOP, TOP_SUPPLIERS_PHONE } from '#shared/summary.ts';
import { useIsMobile } from '#web/lib/use-media-query.ts';
import type { Summary } from '../api/get-summary.ts';
import { SUMMARY_MESSAGES } from '../messages.ts';
import { amountText, axisAmount, formatPercent } from '../summary-format.ts';

const BRAND = '#0a9271';
const EXPENSES = '#ef4444';
const RECEIPTS = '#12b48a';
const GRID = '#e2e8f0';
const TICK = { fontSize: 12, fill: '#64748b' };

type ChartProps = { summary: Summary; isVisible: boolean };

const dayOf = (date: string) => Number(date.slice(8, 10));

/** Tooltip values: euros, or dots while amounts are hidden. */
const money = (isVisible: boolean) => (value: unknown) => amountText(Number(value), isVisible);

function Empty({ text }: { text: string }) {
  return <p className="py-10 text-center text-sm text-slate-500">{text}</p>;
}

/** 'Evolução Mensal': the month's spending day by day (credit notes below zero). */
export function DailyChart({ summary, isVisible }: ChartProps) {
  if (summary.totals.invoiceCount === 0) return <Empty text={SUMMARY_MESSAGES.noSpending} />;
  const data = summary.byDay.map((d) => ({ day: dayOf(d.date), spent: d.expensesCents }));
  return (
    <div className="h-64 w-full sm:h-72" data-testid="chart-daily">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="day" tick={TICK} tickLine={false} interval="preserveStartEnd" />
          <YAxis
            tick={TICK}
            tickLine={false}
            axisLine={false}
            width={isVisible ? 64 : 32}
            tickFormatter={(value: number) => axisAmount(value, isVisible)}
          />
          <Tooltip
            formatter={money(isVisible)}
            labelFormatter={(day) => `${SUMMARY_MESSAGES.day} ${String(day)}`}
          />
          <Bar dataKey="spent" name={SUMMARY_MESSAGES.spent} fill={BRAND} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** 'Gastos por Entidade': horizontal bars, top 6 on phones and 8 on desktop, with shares. */
export function SupplierChart({ summary, isVisible }: ChartProps) {
  const isMobile = useIsMobile();
  if (summary.bySupplier.length === 0) return <Empty text={SUMMARY_MESSAGES.noSpending} />;
  const limit = isMobile ? TOP_SUPPLIERS_PHONE : TOP_SUPPLIERS_DESKTOP;
  const data = summary.bySupplier.slice(0, limit).map((s) => ({
    name: s.name,
    amount: s.amountCents,
    share: formatPercent(s.percentage),
  }));
  const more = summary.bySupplierCount - data.length;
  return (
    <div data-testid="chart-suppliers">
      <div className="w-full" style={{ height: data.length * 44 + 16 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 56, bottom: 4, left: 0 }}
          >
            <XAxis type="number" hide />
            <YAxis
              type="category"
              dataKey="name"
              tick={TICK}
              tickLine={false}
              axisLine={false}
              width={isMobile ? 104 : 180}
              tickFormatter={(name: string) => {
                const max = isMobile ? 14 : 26;
                return name.length > max ? `${name.slice(0, max - 1)}…` : name;
              }}
            />
            <Tooltip formatter={money(isVisible)} cursor={{ fill: '#f1f5f9' }} />
            <Bar dataKey="amount" name={SUMMARY_MESSAGES.spent} fill={BRAND} radius={[0, 4, 4, 0]}>
              <LabelList
                dataKey="share"
                position="right"
                style={{ fontSize: 12, fill: '#334155' }}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      {more > 0 ? (
        <p className="mt-1 text-right text-xs text-slate-500">
          {SUMMARY_MESSAGES.moreSuppliers(more)}
        </p>
      ) : null}
    </div>
  );
}

/** 'Fluxo de Caixa': expenses (invoices) against receipts (sales records), day by day. */
export function CashFlowChart({ summary, isVisible }: ChartProps) {
  if (summary.totals.invoiceCount === 0 && summary.totals.salesCents === 0) {
    return <Empty text={SUMMARY_MESSAGES.noCashFlow} />;
  }
  const data = summary.byDay.map((d) => ({
    day: dayOf(d.date),
    expenses: d.expensesCents,
    receipts: d.receiptsCents,
  }));
  return (
    <div className="h-64 w-full sm:h-72" data-testid="chart-cash-flow">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="day" tick={TICK} tickLine={false} interval="preserveStartEnd" />
          <YAxis
            tick={TICK}
            tickLine={false}
            axisLine={false}
            width={isVisible ? 64 : 32}
            tickFormatter={(value: number) => axisAmount(value, isVisible)}
          />
          <Tooltip
            formatter={money(isVisible)}
            labelFormatter={(day) => `${SUMMARY_MESSAGES.day} ${String(day)}`}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Area
            type="monotone"
            dataKey="expenses"
            name={SUMMARY_MESSAGES.expenses}
            stroke={EXPENSES}
            fill={EXPENSES}
            fillOpacity={0.15}
          />
          <Area
            type="monotone"
            dataKey="receipts"
            name={SUMMARY_MESSAGES.receipts}
            stroke={RECEIPTS}
            fill={RECEIPTS}
            fillOpacity={0.2}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
