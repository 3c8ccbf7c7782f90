// POST /api/scan (issue 5, DESIGN.md contract 6): a photo or PDF of an invoice in the
// multipart field `file`, read by the scan pipeline. The document is kept, re-encoded, under
// the account's scans so the invoice saved from the reading can take it as its first photo
// (kept-scans.ts; one never used is gone within 24 hours, scan-cleanup.job.ts).
// The body stays in memory (no temporary file) and is capped before it is read.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { countAttempt, minutesLeft, type RateLimitRule } from '#server/features/auth/rate-limit.ts';
import { AppError } from '#server/http/errors.ts';
import type { Logger } from '#server/logger.ts';
import { MAX_SCAN_BYTES } from '#server/services/scan/input-check.ts';
import {
  SCAN_ERROR_MESSAGES,
  ScannerBusyError,
  type ScanErrorCode,
  type ScanSuccess,
} from '#server/services/scan/scan-result.ts';
import type { Scanner } from '#server/services/scan/scanner.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { keepScan } from './kept-scans.ts';
import { SCAN_ROUTE_MESSAGES } from './scan.messages.ts';

export type ScanRoutesDeps = {
  db: Database;
  storage: Storage;
  scanner: Scanner;
  logger: Logger;
};

/** What POST /api/scan answers with 200: the reading and the kept document's id. */
export type ScanResponse = ScanSuccess & { scanId: string | null };

/**
 * 30 scans in 5 minutes per account, then 5 minutes' wait: far above a person at a pile of
 * receipts (a scan takes seconds to review), far below a script burning our CPU on OCR.
 */
export const SCAN_RULE: RateLimitRule = { max: 30, windowMs: 5 * 60_000, blockMs: 5 * 60_000 };

// The multipart envelope around a 10 MB file: boundary, headers, the name, with room to spare.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const STATUS_OF: Record<ScanErrorCode, ContentfulStatusCode> = {
  EMPTY_FILE: 400,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  EXECUTABLE_REFUSED: 415,
  IMAGE_TOO_LARGE: 422,
  UNREADABLE_FILE: 422,
  PDF_ACTIVE_CONTENT: 422,
  NOTHING_FOUND: 422,
};

const fileRequired = () => new AppError(400, 'FILE_REQUIRED', SCAN_ROUTE_MESSAGES.fileRequired);

export function scanRoutes({ db, storage, scanner, logger }: ScanRoutesDeps) {
  return new Hono<ScopeEnv>().post(
    '/',
    requireCapability('scanner.use'),
    bodyLimit({
      maxSize: MAX_SCAN_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: () => {
        throw new AppError(413, 'FILE_TOO_LARGE', SCAN_ERROR_MESSAGES.FILE_TOO_LARGE);
      },
    }),
    async (c) => {
      const accountId = c.var.scope.accountId;
      const { retryAfterMs } = await countAttempt(db, `scan:account:${accountId}`, SCAN_RULE);
      if (retryAfterMs !== null) {
        const message = SCAN_ROUTE_MESSAGES.rateLimited(minutesLeft(retryAfterMs));
        throw new AppError(429, 'TOO_MANY_REQUESTS', message);
      }
      const body = await c.req.parseBody().catch(() => {
        throw fileRequired();
      });
      const file = body.file;
      if (!(file instanceof File)) throw fileRequired();

      const bytes = new Uint8Array(await file.arrayBuffer());
      const { result, image } = await scanner
        .scanAndKeep(bytes, { fileName: file.name })
        .catch((error: unknown) => {
          // Scans run two at a time with a short queue (scanner.ts): past it, come back later.
          if (error instanceof ScannerBusyError) {
            throw new AppError(503, 'SCANNER_BUSY', SCAN_ROUTE_MESSAGES.busy);
          }
          throw error;
        });
      if (!result.ok && result.error.code === 'EXECUTABLE_REFUSED') {
        // The security monitor's signal (spec accounts §9): someone sent a program.
        logger.warn(
          { accountId, fileName: file.name, size: bytes.length },
          'executable upload refused',
        );
      }
      if (!result.ok && result.error.code === 'PDF_ACTIVE_CONTENT') {
        logger.warn(
          { accountId, fileName: file.name, size: bytes.length },
          'PDF with active content refused',
        );
      }
      // Kept for the invoice saved from it; the scan cleanup job removes it otherwise.
      const scanId = image ? await keepScan(db, storage, { accountId, image }) : null;
      if (!result.ok) {
        const { code, message } = result.error;
        // With nothing read, the kept document still saves typing it as the invoice's photo.
        throw new AppError(
          STATUS_OF[code],
          code,
          message,
          undefined,
          scanId ? { scanId } : undefined,
        );
      }
      return c.json({ ...result, scanId } satisfies ScanResponse, 200);
    },
  );
}
