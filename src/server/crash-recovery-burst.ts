// The burst of src/server/crash-recovery.test.ts: invoice creations and payment changes sent
// concurrently, each with its own Idempotency-Key, as the web client sends them. A request cut
// by the server's death is sent again — same key, same body — to the restarted server, as the
// client retries a request whose answer it never got; then its job goes on. Also what the test
// reads in the answers (the invoice and its payment state).
import { z } from 'zod';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import type { PaymentMethod } from '#shared/domain.ts';
import type { CreateInvoiceInput, PaymentChangeInput } from '#shared/schemas/invoice.ts';
import type { VatBreakdownInput } from '#shared/schemas/vat-breakdown.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { request, type ServerProcess } from './crash-recovery-test-kit.ts';

export type Step =
  | { kind: 'create'; key: string; body: CreateInvoiceInput }
  | { kind: 'payment'; key: string; body: PaymentChangeInput };

export type Answer = {
  boot: number;
  status: number;
  body: unknown;
  /** The stored answer of an earlier request with the same key (Idempotent-Replayed). */
  isReplayed: boolean;
};
/** One sending of a step: its answer, or none because the server died first. */
export type Attempt = Answer | { boot: number; noAnswer: true };

export type StepRecord = { step: Step; attempts: Attempt[] };

/** One invoice's story: created, then its payment switched on or off a few times, in order. */
export type Job = {
  /** The invoice number, unique to the job: how its rows are found and counted. */
  marker: string;
  create: Extract<Step, { kind: 'create' }>;
  payments: Array<Extract<Step, { kind: 'payment' }>>;
  records: StepRecord[];
  /** From the create's answer; payments need it. */
  invoiceId?: string;
};

const METHODS: readonly PaymentMethod[] = ['Dinheiro', 'Cartão', 'Outro'];

/** `count` jobs drawn from `random`; numbers carry `prefix` (the seed) and the job's index. */
export function makeJobs(random: () => number, prefix: string, count: number): Job[] {
  const today = todayInLisbon();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, (_, index) => {
    const marker = `CR ${prefix}/${index + 1}`;
    // Four in ten read from a QR code, with its VAT by rate band: invoice and lines are one write.
    const vatBreakdown: VatBreakdownInput | null =
      random() < 0.4
        ? [
            { region: 'PT', rateBand: 'normal', baseCents: 8_000, vatCents: 1_840 },
            { region: 'PT', rateBand: 'reduced', baseCents: 1_000 + index, vatCents: 60 },
          ]
        : null;
    const vatCents = vatBreakdown ? 1_900 : 2_300;
    const isCreatedPaid = random() < 0.25;
    const body: CreateInvoiceInput = {
      supplierNif: nextNif(),
      supplierName: `Fornecedor Interrompido ${index + 1}, Lda`,
      number: marker,
      issueDate: today,
      dueDate: addDays(today, 30),
      totalCents: 10_000 + vatCents + index,
      vatCents,
      ...(isCreatedPaid ? { paymentStatus: 'Paga', paymentMethod: pick(METHODS) } : {}),
      ...(vatBreakdown ? { source: 'qr', vatBreakdown } : {}),
    };
    let isPaid = isCreatedPaid;
    const payments = Array.from({ length: Math.floor(random() * 3) }, (_, p) => {
      isPaid = !isPaid;
      const change: PaymentChangeInput = isPaid
        ? { paid: true, method: pick(METHODS) }
        : { paid: false };
      return { kind: 'payment' as const, key: `${prefix}-${index + 1}-pay-${p + 1}`, body: change };
    });
    return {
      marker,
      create: { kind: 'create', key: `${prefix}-${index + 1}-create`, body },
      payments,
      records: [],
    };
  });
}

/** The server requests go to, and the next one once it has been killed. */
export type ServerSlot = {
  current(): ServerProcess;
  /** Resolves with the restarted server once `dead` has been replaced. */
  after(dead: ServerProcess): Promise<ServerProcess>;
};

export type SendOptions = {
  slot: ServerSlot;
  cookie: string;
  /** Called after each answer (the test counts them to choose the moment of the kill). */
  onAnswer?: (answer: Answer) => void;
};

/** The path a step is sent to. */
function targetOf(step: Step, invoiceId: string | undefined): string {
  if (step.kind === 'create') return '/api/invoices';
  if (!invoiceId) throw new Error('a payment step needs its invoice');
  return `/api/invoices/${invoiceId}/payment`;
}

/**
 * Sends `step` until it gets an answer: a request cut by the kill is sent again, with the same
 * key and body, to the restarted server. A request that fails while its server is alive fails.
 */
export async function sendStep(
  step: Step,
  invoiceId: string | undefined,
  options: SendOptions,
): Promise<StepRecord> {
  const record: StepRecord = { step, attempts: [] };
  for (;;) {
    const server = options.slot.current();
    try {
      const res = await request(server, targetOf(step, invoiceId), {
        cookie: options.cookie,
        json: step.body,
        idempotencyKey: step.key,
      });
      const text = await res.text();
      const answer: Answer = {
        boot: server.boot,
        status: res.status,
        body: text ? JSON.parse(text) : null,
        isReplayed: res.headers.get('idempotent-replayed') === 'true',
      };
      record.attempts.push(answer);
      options.onAnswer?.(answer);
      return record;
    } catch (error) {
      if (!server.isKilled) throw error;
      record.attempts.push({ boot: server.boot, noAnswer: true });
      await options.slot.after(server);
    }
  }
}

/** The last answer a step got. */
export function finalAnswer(record: StepRecord): Answer {
  const last = record.attempts.at(-1);
  if (!last || 'noAnswer' in last) throw new Error('a step ended without an answer');
  return last;
}

/** Whether the step was in flight when the server died (sent, no answer). */
export function wasCut(record: StepRecord): boolean {
  return record.attempts.some((attempt) => 'noAnswer' in attempt);
}

export function errorCodeOf(answer: Answer): string | undefined {
  const { body } = answer;
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

/** Whether the step's write went through as far as its answer tells. */
export function isAcknowledged(record: StepRecord): boolean {
  const answer = finalAnswer(record);
  return answer.status === 200 || answer.status === 201;
}

/**
 * Runs one job: the create, then each payment change once the previous step was acknowledged.
 * A step told IDEMPOTENCY_IN_PROGRESS (its first request died after its claim) ends the job:
 * whether it took effect is not known, and the test checks both possibilities.
 */
async function runJob(job: Job, options: SendOptions): Promise<void> {
  const created = await sendStep(job.create, undefined, options);
  job.records.push(created);
  if (!isAcknowledged(created)) return;
  const { body } = finalAnswer(created);
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string') {
    job.invoiceId = body.id;
  }
  for (const step of job.payments) {
    const record = await sendStep(step, job.invoiceId, options);
    job.records.push(record);
    if (!isAcknowledged(record)) return;
  }
}

/** Runs the jobs `concurrency` at a time, each job's steps in order. */
export async function runBurst(jobs: Job[], concurrency: number, options: SendOptions) {
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) await runJob(job, options);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export type PaymentState = { isPaid: boolean; paymentStatus: string; paymentMethod: string | null };

export const stateOf = (dto: PaymentState): PaymentState => ({
  isPaid: dto.isPaid,
  paymentStatus: dto.paymentStatus,
  paymentMethod: dto.paymentMethod,
});

export const invoiceAnswerSchema = z.object({
  id: z.string(),
  updatedAt: z.string(),
  isPaid: z.boolean(),
  paymentStatus: z.string(),
  paymentMethod: z.string().nullable(),
});
const acknowledgedSchema = z.union([
  z.object({ invoice: invoiceAnswerSchema }),
  invoiceAnswerSchema,
]);

/** The invoice an acknowledged answer carries (a create's body; a payment's body.invoice). */
export function invoiceOf(answer: Answer): z.infer<typeof invoiceAnswerSchema> {
  const body = acknowledgedSchema.parse(answer.body);
  return 'invoice' in body ? body.invoice : body;
}

/** What a payment change would leave, had it run (due dates are 30 days ahead: Pendente). */
export function stateAfter(step: Extract<Step, { kind: 'payment' }>): PaymentState {
  return step.body.paid
    ? { isPaid: true, paymentStatus: 'Paga', paymentMethod: step.body.method ?? null }
    : { isPaid: false, paymentStatus: 'Pendente', paymentMethod: null };
}

/** One line per step for failure messages: its job, key and every attempt's answer. */
export const describeStep = (job: Job | undefined, record: StepRecord) =>
  `${job?.marker ?? 'mail'} ${record.step.kind} (${record.step.key}): ` +
  record.attempts
    .map((a) =>
      'noAnswer' in a
        ? `boot ${a.boot} no answer`
        : `boot ${a.boot} ${a.status}${a.isReplayed ? ' replayed' : ''} ${errorCodeOf(a) ?? ''}`,
    )
    .join(' → ');
