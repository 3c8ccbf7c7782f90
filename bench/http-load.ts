// The HTTP load generator of the endpoint benchmark, in a child process of its own: the
// clients' work (sending requests, reading responses) then runs beside the server's event
// loop, as a browser's would, instead of inside it. The child runs bench/http-load-child.ts
// with the same loader as this process (tsx).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const requestSpecSchema = z.object({ url: z.string(), headers: z.record(z.string(), z.string()) });
const serialOptionsSchema = z.object({ warmup: z.number(), iterations: z.number() });
const concurrentOptionsSchema = z.object({
  clients: z.number(),
  iterationsPerClient: z.number(),
  warmup: z.number(),
});
export type HttpRequestSpec = z.infer<typeof requestSpecSchema>;
export type SerialOptions = z.infer<typeof serialOptionsSchema>;
export type ConcurrentOptions = z.infer<typeof concurrentOptionsSchema>;

/** What the parent sends the child: one timed run, or one request whose response it wants. */
export const loadCommandSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.number(),
    kind: z.literal('serial'),
    request: requestSpecSchema,
    options: serialOptionsSchema,
  }),
  z.object({
    id: z.number(),
    kind: z.literal('concurrent'),
    request: requestSpecSchema,
    options: concurrentOptionsSchema,
  }),
  z.object({ id: z.number(), kind: z.literal('once'), request: requestSpecSchema }),
]);
export type LoadCommand = z.infer<typeof loadCommandSchema>;

export const timedRunSchema = z.object({ samples: z.array(z.number()), wallMs: z.number() });
export const onceResultSchema = z.object({
  status: z.number(),
  contentEncoding: z.string().nullable(),
  body: z.string(),
});
export type TimedRun = z.infer<typeof timedRunSchema>;
export type OnceResult = z.infer<typeof onceResultSchema>;

/** What the child answers: the command's result, or why it failed. */
export const loadReplySchema = z.discriminatedUnion('ok', [
  z.object({ id: z.number(), ok: z.literal(true), result: z.unknown() }),
  z.object({ id: z.number(), ok: z.literal(false), error: z.string() }),
]);
export type LoadReply = z.infer<typeof loadReplySchema>;

export type HttpLoad = {
  /** One request; its status, Content-Encoding and (decompressed) body. */
  once(request: HttpRequestSpec): Promise<OnceResult>;
  /** One client, requests one after another; every response must be a 200. */
  serial(request: HttpRequestSpec, options: SerialOptions): Promise<number[]>;
  /** `clients` concurrent loops on keep-alive connections (stats.ts measureConcurrent). */
  concurrent(request: HttpRequestSpec, options: ConcurrentOptions): Promise<TimedRun>;
  close(): void;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function startHttpLoad(): HttpLoad {
  // fork() passes this process's execArgv on, so the child gets tsx's loader too.
  const child: ChildProcess = fork(fileURLToPath(new URL('./http-load-child.ts', import.meta.url)));
  const pending = new Map<number, (reply: LoadReply) => void>();
  let nextId = 1;
  child.on('message', (message) => {
    const reply = loadReplySchema.parse(message);
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  child.on('exit', (code) => {
    for (const [id, resolve] of pending)
      resolve({ id, ok: false, error: `load generator exited (${code})` });
    pending.clear();
  });

  const send = <T>(command: DistributiveOmit<LoadCommand, 'id'>, result: z.ZodType<T>) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (reply) =>
        reply.ok
          ? resolve(result.parse(reply.result))
          : reject(new Error(`HTTP load: ${reply.error}`)),
      );
      child.send({ ...command, id });
    });

  return {
    once: (request) => send({ kind: 'once', request }, onceResultSchema),
    serial: async (request, options) =>
      (await send({ kind: 'serial', request, options }, timedRunSchema)).samples,
    concurrent: (request, options) =>
      send({ kind: 'concurrent', request, options }, timedRunSchema),
    close: () => {
      child.kill();
    },
  };
}
