import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs (pino) on stdout. Secrets never reach them: auth headers and cookies are redacted.
 * Written asynchronously: a synchronous write per request line was a measurable share of a
 * short API request (issue 13.3); pino flushes what is buffered when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
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
    pino.destination({ dest: 1, sync: false }),
  );
}
