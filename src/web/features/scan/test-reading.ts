// What /test-scanner shows for one reading: the raw payload, the parsed fields as JSON,
// the validator's warnings and errors, and where the time went. Support staff compare it
// with what the customer sees, so nothing is hidden or rounded away.
import { parseAtQr } from '#shared/at-qr/parse-at-qr.ts';
import type { AtQrResult } from '#shared/at-qr/types.ts';
import { TEST_SCANNER_MESSAGES } from './messages.ts';

export type TestTiming = { label: string; ms: number };

export type TestReading = {
  where: 'browser' | 'server';
  /** The QR payload chosen (the first AT one), when a code was read. */
  raw: string | null;
  /** Every code found in the picture, the chosen one included. */
  codeCount: number;
  fields: unknown;
  warnings: string[];
  errors: string[];
  timings: TestTiming[];
};

const round = (ms: number) => Math.round(ms * 10) / 10;

function pick(texts: readonly string[]): { text: string; result: AtQrResult; ms: number } | null {
  let fallback: { text: string; result: AtQrResult; ms: number } | null = null;
  for (const text of texts) {
    const started = performance.now();
    const result = parseAtQr(text);
    const candidate = { text, result, ms: performance.now() - started };
    if (result.ok) return candidate;
    const looksAt = !result.issues.some((issue) => issue.code === 'NOT_AT_QR');
    if (fallback === null || looksAt) fallback = candidate;
  }
  return fallback;
}

/** Codes decoded in the browser (worker), judged by parseAtQr. */
export function browserReading(texts: readonly string[], decodeMs: number): TestReading {
  const decodeTiming = { label: TEST_SCANNER_MESSAGES.decodeMs, ms: round(decodeMs) };
  const chosen = pick(texts);
  if (chosen === null) {
    return {
      where: 'browser',
      raw: null,
      codeCount: 0,
      fields: null,
      warnings: [],
      errors: [TEST_SCANNER_MESSAGES.nothingFound],
      timings: [decodeTiming],
    };
  }
  const { result } = chosen;
  const messages = (severity: 'warning' | 'error') =>
    result.issues.filter((issue) => issue.severity === severity).map((issue) => issue.message);
  return {
    where: 'browser',
    raw: chosen.text,
    codeCount: texts.length,
    fields: result.ok ? result.data : null,
    warnings: messages('warning'),
    errors: messages('error'),
    timings: [
      decodeTiming,
      { label: TEST_SCANNER_MESSAGES.parseMs, ms: round(chosen.ms) },
      { label: TEST_SCANNER_MESSAGES.totalMs, ms: round(decodeMs + chosen.ms) },
    ],
  };
}

type ServerAnswer = {
  fields: { qr?: string | undefined; [field: string]: unknown };
  warnings: string[];
  ms: number;
};

/** POST /api/scan's answer (PDFs): the server's own time and the whole round trip. */
export function serverReading(answer: ServerAnswer, roundTripMs: number): TestReading {
  return {
    where: 'server',
    raw: answer.fields.qr ?? null,
    codeCount: answer.fields.qr ? 1 : 0,
    fields: answer,
    warnings: answer.warnings,
    errors: [],
    timings: [
      { label: TEST_SCANNER_MESSAGES.serverMs, ms: round(answer.ms) },
      { label: TEST_SCANNER_MESSAGES.totalMs, ms: round(roundTripMs) },
    ],
  };
}

/** A refusal from the server, with the time it took to say so. */
export function failedServerReading(message: string, roundTripMs: number): TestReading {
  return {
    where: 'server',
    raw: null,
    codeCount: 0,
    fields: null,
    warnings: [],
    errors: [message],
    timings: [{ label: TEST_SCANNER_MESSAGES.totalMs, ms: round(roundTripMs) }],
  };
}
