import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs (pino). Secrets never reach them: auth headers and cookies are redacted. */
export function createLogger(level: string): Logger {
  return pino({
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
  });
}
