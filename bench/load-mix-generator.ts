// The load generator of the load-mix benchmark, a child of the server process
// (bench/load-mix-server.ts): one autocannon run of the mix against the app, then the figures
// back. The connections first ask GET /api/health (a load balancer's check: no session, one
// `select 1`) until every one has been answered; the mix starts then, and the timed window
// with it. Each request of the mix is drawn from a deck of 100 that holds the mix's shares
// exactly, reshuffled (seeded) after every pass, so the kinds come in a random order and every
// run at the same clients sends the same sequence.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon, { type Client, type Request } from 'autocannon';
import { addDays } from '#shared/dates.ts';
import {
  answerParent,
  LOAD_KINDS,
  loadRunConfigSchema,
  type LoadKind,
  type LoadRunConfig,
  type LoadRunResult,
} from './load-mix-protocol.ts';
import { LIST_PATH } from './load-mix-settings.ts';
import { summarize } from './stats.ts';
import { mulberry32 } from '#shared/seeded-random.ts';

const ERROR_SAMPLES = 10;

/** The mix as a deck: each kind as many times as its share, shuffled anew after each pass. */
function mixDeck(mix: LoadRunConfig['mix'], random: () => number): () => LoadKind {
  const cards = LOAD_KINDS.flatMap((kind) => Array<LoadKind>(mix[kind] ?? 0).fill(kind));
  if (cards.length !== 100) throw new Error(`the mix adds up to ${cards.length}, not 100`);
  let next = cards.length;
  return () => {
    if (next === cards.length) {
      for (let i = cards.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [cards[i], cards[j]] = [cards[j]!, cards[i]!];
      }
      next = 0;
    }
    return cards[next++]!;
  };
}

/** The photo as a browser's form upload sends it: one part, field `file`. */
function multipartPhoto(file: string): { contentType: string; body: Buffer } {
  const boundary = '----papelada-bench-load-mix-7d3f9a';
  const name = path.basename(file);
  const type = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      readFileSync(file),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const isKind = (value: unknown): value is LoadKind =>
  typeof value === 'string' && (LOAD_KINDS as readonly string[]).includes(value);

/** What a connection waits for: a request of the mix, or the ramp's health check. */
type Awaited = LoadKind | 'ramp';

/** One connection: what it awaits an answer to, and whether it has had one yet. */
type Connection = { awaiting: Awaited | undefined; answered: number };

/**
 * The requests of the mix, built one at a time as autocannon asks for the next.
 * `scansInFlight` counts the scans sent and not yet answered; `built` hears each kind drawn.
 */
function mixBuilder(
  config: LoadRunConfig,
  hooks: { scansInFlight: () => number; heldBack: () => void },
) {
  const random = mulberry32(config.seed);
  const draw = mixDeck(config.mix, random);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // What a browser sends with every API call; answers of 1 KB or more come back compressed.
  const browser = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const write = { origin: config.origin, 'x-csrf-token': config.csrfToken };
  const mainGet = { ...browser, cookie: config.mainCookie };
  const json = (cookie: string) => ({
    ...browser,
    ...write,
    cookie,
    'content-type': 'application/json',
  });
  const photo = multipartPhoto(config.scanFile);
  const dueDate = addDays(config.today, 30);
  /** Invoice id → paid by this run's last change, so the next change turns it back. */
  const paid = new Map<string, boolean>();
  let creates = 0;
  let scans = 0;

  const build = (kind: LoadKind): Request => {
    switch (kind) {
      case 'list':
        return { method: 'GET', path: LIST_PATH, headers: mainGet };
      case 'stats':
        return { method: 'GET', path: '/api/invoices/stats?period=thisMonth', headers: mainGet };
      case 'detail':
        return { method: 'GET', path: `/api/invoices/${pick(config.detailIds)}`, headers: mainGet };
      case 'pay': {
        const id = pick(config.payIds);
        const markPaid = !paid.get(id);
        paid.set(id, markPaid);
        return {
          method: 'POST',
          path: `/api/invoices/${id}/payment`,
          headers: json(config.mainCookie),
          body: JSON.stringify(markPaid ? { paid: true, method: 'Cartão' } : { paid: false }),
        };
      }
      case 'create': {
        const n = creates++;
        const cookie = config.poolCookies[n % config.poolCookies.length]!;
        const totalCents = 1000 + ((n * 7919) % 50_000);
        return {
          method: 'POST',
          path: '/api/invoices',
          headers: json(cookie),
          body: JSON.stringify({
            supplierNif: config.supplierNifs[n % config.supplierNifs.length],
            supplierName: `Fornecedor de carga ${n % config.supplierNifs.length}`,
            number: `LM ${config.runTag}/${n}`,
            issueDate: config.today,
            dueDate,
            totalCents,
            vatCents: Math.floor((totalCents * 23) / 123),
            atcud: `LM${config.runTag}-${n}`,
          }),
        };
      }
      case 'scan': {
        const cookie = config.poolCookies[scans++ % config.poolCookies.length]!;
        return {
          method: 'POST',
          path: '/api/scan',
          headers: { ...browser, ...write, cookie, 'content-type': photo.contentType },
          body: photo.body,
        };
      }
    }
  };

  return (): { kind: LoadKind; request: Request } => {
    let kind = draw();
    while (kind === 'scan' && hooks.scansInFlight() >= config.maxScansInFlight) {
      hooks.heldBack();
      kind = draw();
    }
    return { kind, request: build(kind) };
  };
}

const HEALTH: Request = {
  method: 'GET',
  path: '/api/health',
  headers: { accept: 'application/json' },
};

function run(config: LoadRunConfig): Promise<LoadRunResult> {
  const latencies = new Map<LoadKind, number[]>(LOAD_KINDS.map((kind) => [kind, []]));
  const statuses = new Map<LoadKind, Map<string, number>>(
    LOAD_KINDS.map((kind) => [kind, new Map()]),
  );
  /** Requests of the window given up unanswered (timeout, socket error, closed), per kind. */
  const unanswered = new Map<LoadKind, number>(LOAD_KINDS.map((kind) => [kind, 0]));
  const connections: Connection[] = [];
  const errorSamples: LoadRunResult['errorSamples'] = [];
  const counters = { scansHeldBack: 0, timeouts: 0, connectionErrors: 0, rampErrors: 0 };
  let longestSilenceMs = 0;
  let lastAnswerAt: number | undefined;

  // Phases: 'ramp' until every connection has had an answer (or rampSeconds passed), then
  // 'mix' for `seconds` (the timed window), then 'done' until autocannon stops.
  let phase: 'ramp' | 'mix' | 'done' = 'ramp';
  const started = performance.now();
  let windowStart = 0;
  let windowEnd = 0;
  let unreadyAtStart = 0;
  /** The connection whose next request autocannon builds right after its 'request' event. */
  let building: Connection | undefined;

  const nextMixRequest = mixBuilder(config, {
    scansInFlight: () => connections.filter((c) => c.awaiting === 'scan').length,
    heldBack: () => (counters.scansHeldBack += 1),
  });
  let stop = () => {};
  const startMix = () => {
    if (phase !== 'ramp') return;
    phase = 'mix';
    windowStart = performance.now();
    unreadyAtStart = connections.filter((c) => c.answered === 0).length;
    setTimeout(() => {
      phase = 'done';
      windowEnd = performance.now();
      stop();
    }, config.seconds * 1000);
  };
  const rampDeadline = setTimeout(startMix, config.rampSeconds * 1000);

  const finish = (): LoadRunResult => {
    // autocannon ends on its own only at its upper bound, after the window (or on an error).
    if (windowEnd === 0) windowEnd = performance.now();
    const seconds = (windowEnd - windowStart) / 1000;
    const kind = (k: LoadKind) => {
      const samples = latencies.get(k)!;
      return {
        responses: samples.length,
        statuses: Object.fromEntries(statuses.get(k)!),
        unanswered: unanswered.get(k)!,
        latency: samples.length > 0 ? summarize(samples) : null,
      };
    };
    const kinds = {
      list: kind('list'),
      stats: kind('stats'),
      detail: kind('detail'),
      pay: kind('pay'),
      create: kind('create'),
      scan: kind('scan'),
    } satisfies LoadRunResult['kinds'];
    const all = [...latencies.values()].flat();
    const non2xx = [...statuses.values()]
      .flatMap((byStatus) => [...byStatus])
      .reduce((sum, [status, n]) => (status.startsWith('2') ? sum : sum + n), 0);
    const given = [...unanswered.values()].reduce((sum, n) => sum + n, 0);
    return {
      clients: config.clients,
      rampSeconds: (windowStart - started) / 1000,
      connectionsUnreadyAtStart: unreadyAtStart,
      rampErrors: counters.rampErrors,
      durationSeconds: seconds,
      responses: all.length,
      requestsPerSecond: all.length / seconds,
      latency: all.length > 0 ? summarize(all) : null,
      kinds,
      scansHeldBack: counters.scansHeldBack,
      longestSilenceMs,
      connectionsNeverAnswered: connections.filter((c) => c.answered === 0).length,
      non2xx,
      timeouts: counters.timeouts,
      connectionErrors: counters.connectionErrors,
      lost: Math.max(0, given - counters.timeouts - counters.connectionErrors),
      errorSamples,
    };
  };

  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: config.origin,
        connections: config.clients,
        // An upper bound: the run stops when the window closes.
        duration: config.rampSeconds + config.seconds + 5,
        timeout: config.timeoutSeconds,
        requests: [
          {
            // `request` carries what autocannon derived from the URL (hostname, port).
            setupRequest: (request, context) => {
              const next =
                phase === 'ramp' ? { kind: 'ramp' as const, request: HEALTH } : nextMixRequest();
              context.kind = next.kind;
              context.inWindow = phase === 'mix';
              if (building) building.awaiting = next.kind;
              building = undefined;
              return { ...request, body: undefined, ...next.request };
            },
            onResponse: (status, body, context) => {
              if (status >= 200 && status < 300) return;
              if (context.kind === 'ramp') counters.rampErrors += 1;
              else if (!context.inWindow) return;
              if (errorSamples.length < ERROR_SAMPLES)
                errorSamples.push({ kind: String(context.kind), status, body: body.slice(0, 300) });
            },
          },
        ],
        // Called after the connection's first request is built (in its constructor) and
        // before it is written, so every 'request' event is heard.
        setupClient: (client) => {
          const first = client.requestIterator.context.kind;
          const c: Connection = {
            awaiting: first === 'ramp' || isKind(first) ? first : undefined,
            answered: 0,
          };
          connections.push(c);
          let sent = 0;
          client.on('request', () => {
            sent += 1;
            if (sent === 1) return; // the first request, built already
            // A request still awaited when the next one goes was given up: a timeout, a
            // socket error, or a connection the server closed.
            const given = c.awaiting;
            if (
              phase === 'mix' &&
              given !== undefined &&
              given !== 'ramp' &&
              client.requestIterator.context.inWindow
            )
              unanswered.set(given, unanswered.get(given)! + 1);
            c.awaiting = undefined;
            building = c;
          });
          client.on('response', () => {
            c.answered += 1;
            c.awaiting = undefined;
          });
          client.on('timeout', () => {
            if (phase === 'mix') counters.timeouts += 1;
          });
          client.on('connError', () => {
            if (phase === 'mix') counters.connectionErrors += 1;
          });
        },
      },
      (error: Error | null) => {
        clearTimeout(rampDeadline);
        if (error) reject(error);
        else {
          try {
            resolve(finish());
          } catch (failure) {
            reject(failure);
          }
        }
      },
    );
    stop = () => instance.stop();
    // The connection's context still holds the answered request's kind here: the next
    // request is built (and the context reset) only after this event.
    instance.on('response', (client: Client, status: number, _bytes: number, ms: number) => {
      const { kind, inWindow } = client.requestIterator.context;
      if (phase === 'ramp' && connections.every((c) => c.answered > 0)) startMix();
      if (phase !== 'mix' || inWindow !== true || !isKind(kind)) return;
      const now = performance.now();
      if (lastAnswerAt !== undefined)
        longestSilenceMs = Math.max(longestSilenceMs, now - lastAnswerAt);
      lastAnswerAt = now;
      latencies.get(kind)!.push(ms);
      const byStatus = statuses.get(kind)!;
      byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1);
    });
  });
}

answerParent(loadRunConfigSchema, run);
