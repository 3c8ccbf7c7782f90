// The processes of the load-mix benchmark and what they tell each other. The bench process
// (bench/load-mix.ts) starts one server process per database (bench/load-mix-server.ts: the
// app, its database, the bare SQL), so that the server's memory is its own and no earlier
// section's; the server process starts one load generator per run
// (bench/load-mix-generator.ts: autocannon), so that the clients' work runs beside the
// server's event loop instead of inside it, as bench/http-load.ts does for the endpoint
// benchmark. Every child runs with its parent's loader (tsx), answers once, and exits.
import { fork, type Serializable } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const LOAD_KINDS = ['list', 'stats', 'detail', 'pay', 'create', 'scan'] as const;
export type LoadKind = (typeof LOAD_KINDS)[number];

const latencySchema = z.object({
  n: z.number(),
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
  mean: z.number(),
});

/** What the server process sends the load generator: one run of the mix. */
export const loadRunConfigSchema = z.object({
  origin: z.string(),
  clients: z.number().int().positive(),
  /** The timed window, from the moment every connection has had an answer. */
  seconds: z.number().positive(),
  /** At most this long for every connection to get its first answer (the ramp). */
  rampSeconds: z.number().positive(),
  /** Seconds without an answer before autocannon counts a timeout. */
  timeoutSeconds: z.number().positive(),
  /** Requests of each kind per 100 (they must add up to 100). */
  mix: z.record(z.enum(LOAD_KINDS), z.number().int().nonnegative()),
  /** A scan drawn while this many are unanswered gives way to the next card. */
  maxScansInFlight: z.number().int().positive(),
  /** Session cookie of the account with 100 000 invoices: list, stats, detail, pay. */
  mainCookie: z.string(),
  /** Session cookies of the other accounts, which send the creates and the scans. */
  poolCookies: z.array(z.string()).min(1),
  csrfToken: z.string(),
  detailIds: z.array(z.string()).min(1),
  payIds: z.array(z.string()).min(1),
  /** The photo POST /api/scan is sent, in the multipart field `file`. */
  scanFile: z.string(),
  /** Unique per run: the created invoices' numbers carry it (no duplicates across runs). */
  runTag: z.string(),
  today: z.string(),
  supplierNifs: z.array(z.string()).min(1),
  /** Seeds the order of the mix, so that every run at these clients sends the same sequence. */
  seed: z.number().int(),
});
export type LoadRunConfig = z.infer<typeof loadRunConfigSchema>;

const kindResultSchema = z.object({
  responses: z.number(),
  /** Responses per HTTP status. */
  statuses: z.record(z.string(), z.number()),
  /** Requests of the window given up unanswered: timeouts, socket errors, closed connections. */
  unanswered: z.number(),
  /** Every response's time, from the request's write to the end of its answer (ms). */
  latency: latencySchema.nullable(),
});

export const loadRunResultSchema = z.object({
  clients: z.number(),
  /** How long the connections took until every one had been answered once. */
  rampSeconds: z.number(),
  /** Connections still without an answer when the ramp's time ran out (0 when all were). */
  connectionsUnreadyAtStart: z.number(),
  /** Ramp health checks answered with something else than a 2xx. */
  rampErrors: z.number(),
  /** The timed window, in seconds. */
  durationSeconds: z.number(),
  /** Responses of any status. */
  responses: z.number(),
  requestsPerSecond: z.number(),
  latency: latencySchema.nullable(),
  kinds: z.record(z.enum(LOAD_KINDS), kindResultSchema),
  /** Scans drawn while `maxScansInFlight` were unanswered, sent as the next card instead. */
  scansHeldBack: z.number(),
  /** The longest time between two answers (of any kind) during the run: a stall. */
  longestSilenceMs: z.number(),
  /** Connections that got no answer at all, ramp included. */
  connectionsNeverAnswered: z.number(),
  non2xx: z.number(),
  timeouts: z.number(),
  /** Socket errors other than timeouts. */
  connectionErrors: z.number(),
  /**
   * Requests written and never answered, beyond the one per connection still in flight when
   * the run stopped: a connection the server closed under a request (autocannon reconnects
   * silently then).
   */
  lost: z.number(),
  /** The first answers that were not 2xx: kind, status, the start of the body. */
  errorSamples: z.array(z.object({ kind: z.string(), status: z.number(), body: z.string() })),
});
export type LoadRunResult = z.infer<typeof loadRunResultSchema>;

/** Every non-2xx, timeout, socket error and lost request. */
export const errorCount = (r: LoadRunResult) =>
  r.non2xx + r.timeouts + r.connectionErrors + r.lost + r.rampErrors;

export const TARGET_NAMES = ['PGlite', 'PostgreSQL'] as const;

/** What the bench process sends a server process: one database, every level on it. */
export const targetJobSchema = z.object({
  target: z.enum(TARGET_NAMES),
  postgresUrl: z.string(),
  levels: z.array(z.number().int().positive()).min(1),
  seconds: z.number().positive(),
  scanFile: z.string(),
});
export type TargetJob = z.infer<typeof targetJobSchema>;

const rssSchema = z.object({ startMb: z.number(), endMb: z.number(), peakMb: z.number() });

export const levelResultSchema = z.object({
  clients: z.number(),
  load: loadRunResultSchema,
  /** How long the server took after the run to finish the requests it left in flight. */
  settleMs: z.number(),
  errors: z.number(),
  /** The list's bare SQL by as many concurrent loops, right before the run. */
  bare: z.object({
    latency: latencySchema,
    requestsPerSecond: z.number(),
    samples: z.number(),
  }),
  /** Throughput of the mix ÷ the bare SQL's of the list, at the same clients. */
  ratio: z.number(),
  rss: rssSchema,
  /** How late the server's event loop ran a 10 ms timer during the run (ms). */
  eventLoopDelay: z.object({ p50: z.number(), p99: z.number(), max: z.number() }),
  loadAverage: z.object({ start: z.array(z.number()), end: z.array(z.number()) }),
});
export type LevelResult = z.infer<typeof levelResultSchema>;

export const targetResultSchema = z.object({
  version: z.string(),
  today: z.string(),
  /** The server process's RSS once the app listens, before the seed and any request. */
  idleRssMb: z.number(),
  seedMs: z.number(),
  poolSignUpMs: z.number(),
  listStatements: z.object({ session: z.number(), endpoint: z.number() }),
  warmup: loadRunResultSchema,
  /** Invoices in the big account after the runs (the creates go to the pool). */
  mainInvoicesAfter: z.number(),
  poolInvoicesAfter: z.number(),
  levels: z.array(levelResultSchema),
});
export type TargetResult = z.infer<typeof targetResultSchema>;

export const targetOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('measured'), result: targetResultSchema }),
  z.object({ kind: z.literal('unreachable') }),
]);
export type TargetOutcome = z.infer<typeof targetOutcomeSchema>;

const replySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
type Reply = z.infer<typeof replySchema>;

/** Starts `script` (a sibling of this file) in a child process, sends it `input`, awaits its answer. */
export function runInChild<T>(
  script: string,
  input: Serializable,
  result: z.ZodType<T>,
): Promise<T> {
  // fork() passes this process's execArgv on, so the child gets tsx's loader too.
  const child = fork(fileURLToPath(new URL(script, import.meta.url)));
  return new Promise<T>((resolve, reject) => {
    let answered = false;
    child.on('message', (message) => {
      answered = true;
      const reply = replySchema.parse(message);
      if (reply.ok) resolve(result.parse(reply.result));
      else reject(new Error(`${script}: ${reply.error}`));
      child.disconnect();
    });
    child.on('exit', (code) => {
      if (!answered) reject(new Error(`${script} exited (${code}) without an answer`));
    });
    child.send(input);
  });
}

/** The child's side of runInChild: runs `job` on the message it is sent, answers, exits. */
export function answerParent<T>(input: z.ZodType<T>, job: (value: T) => Promise<unknown>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error(`${process.argv[1]} runs only as a child of the bench`);
  process.once('message', (message) => {
    // Exit once the answer is out: nothing is left to do, and a lazily loaded module (the
    // scanner's) may keep the event loop alive.
    const reply = (r: Reply) => send(r, () => process.exit(0));
    job(input.parse(message)).then(
      (result) => reply({ ok: true, result }),
      (error: unknown) =>
        reply({
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    );
  });
}
