// AT QR parse throughput over the 13 example payloads of research/pt-qr-spec.md §2.
import { parseAtQr } from '#shared/at-qr/parse-at-qr.ts';
import { QR_PAYLOADS } from './fixtures/qr-payloads.ts';
import type { Section } from './report.ts';

const WARMUP_MS = 300;
const PER_PAYLOAD_MS = 150;
const ROUND_ROBIN_MS = 1_000;

/** Calls `fn` in batches until `ms` have passed; returns calls made and time taken. */
function runFor(ms: number, fn: () => void): { ops: number; elapsedMs: number } {
  const start = performance.now();
  let ops = 0;
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 100; i++) fn();
    ops += 100;
    elapsed = performance.now() - start;
  }
  return { ops, elapsedMs: elapsed };
}

export function benchQrParse(): Section {
  let sink = 0;
  const parseAll = () => {
    for (const payload of QR_PAYLOADS) sink += parseAtQr(payload).ok ? 1 : 0;
  };
  runFor(WARMUP_MS, parseAll);

  const perPayload = QR_PAYLOADS.map((payload, index) => {
    const { ops, elapsedMs } = runFor(PER_PAYLOAD_MS, () => {
      sink += parseAtQr(payload).ok ? 1 : 0;
    });
    return {
      example: index + 1,
      chars: payload.length,
      ok: parseAtQr(payload).ok,
      usPerOp: (elapsedMs * 1000) / ops,
    };
  });
  const total = runFor(ROUND_ROBIN_MS, parseAll);
  const parses = total.ops * QR_PAYLOADS.length;
  const opsPerSecond = parses / (total.elapsedMs / 1000);
  const usPerOp = (total.elapsedMs * 1000) / parses;
  // Reading the sink keeps the parses from being optimised away.
  if (sink < 0) throw new Error('unreachable');

  return {
    title: 'AT QR parse (`parseAtQr`)',
    intro: [
      'Pure parse and validation of a QR payload string, one core, after a warm-up: the 13 example payloads of research/pt-qr-spec.md §2 in turn for one second, then each payload alone for 150 ms. Budget context: it is one step of "QR photo ≤ 300 ms median" (DESIGN.md), where decoding the image dominates.',
    ],
    tables: [
      {
        columns: ['Workload', 'ops/s', 'µs/op'],
        rows: [
          [
            `all 13 payloads, round robin (${parses.toLocaleString('en')} parses)`,
            Math.round(opsPerSecond).toLocaleString('en'),
            usPerOp.toFixed(2),
          ],
        ],
      },
      {
        caption: 'Per payload',
        columns: ['Example (§2)', 'Chars', 'Parsed ok', 'µs/op'],
        rows: perPayload.map((p) => [
          String(p.example),
          String(p.chars),
          p.ok ? 'yes' : 'no (issues reported)',
          p.usPerOp.toFixed(2),
        ]),
      },
    ],
    notes: [],
    data: { opsPerSecond, usPerOp, parses, perPayload },
  };
}
