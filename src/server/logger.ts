import { pino, type Logger } from 'pino';

export type { Logger };

/** Lines are written in batches of this many bytes, or after FLUSH_INTERVAL_MS at the latest. */
const BATCH_BYTES = 4096;
const FLUSH_INTERVAL_MS = 250;

export type LoggerOptions = {
  /** Where the lines go: a file descriptor or a path; stdout by default. */
  dest?: number | string;
};

/**
 * JSON logs (pino) on stdout. Secrets never reach them: auth headers and cookies are redacted.
 * Written asynchronously and in batches (issue 13.3): a write per request line — even an
 * asynchronous one, a thread-pool hand-off each — was a fifth of a millisecond of a short API
 * request. A line waits at most FLUSH_INTERVAL_MS, and pino flushes what is buffered when the
 * process exits.
 */
export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const destination = pino.destination({
    dest: options.dest ?? 1,
    sync: false,
    minLength: BATCH_BYTES,
  });
  // Set by every line written, so an idle server does not wake the disk with empty flushes.
  let unflushed = false;
  const timer = setInterval(() => {
    if (!unflushed) return;
    unflushed = false;
    try {
      destination.flush();
    } catch {
      // Already closed: nothing more will be written.
    }
  }, FLUSH_INTERVAL_MS);
  timer.unref();
  destination.on('close', () => clearInterval(timer));
  return pino(
    {
      level,
      base: undefined,
      hooks: {
        streamWrite: (line) => {
          unflushed = true;
          return line;
        },
      },
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          '*.password',
          '*.secret',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
