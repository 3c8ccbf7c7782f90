// /api/efatura-import (issue 17 point 3): the buyer CSV the AT portal exports, in the multipart
// field `file`. POST /preview answers what an import would create, skip and refuse, and the
// invoices of the file's period the portal's list lacks; POST /commit takes the same file
// again, reads it and the account afresh, and creates what the plan says — stateless, so no
// list of invoices from the client is ever trusted and nothing is kept between the two.
// Creating invoices needs invoices.create (every plan; 403 for a role without it) and counts
// against the monthly limit exactly as POST /api/invoices does: what fits is created, the
// rest is refused with the limit's message (a re-run next month, or after an upgrade, skips
// what is there and creates the rest).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { Database } from '#server/db/client.ts';
import type { RequestScope, ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { getMonthlyUsage } from '#server/features/invoices/invoice-create.queries.ts';
import { monthlyLimitMessage } from '#server/features/invoices/invoices.messages.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { todayInLisbon, type CalendarDate } from '#shared/dates.ts';
import {
  EFATURA_UPLOAD_MESSAGES,
  efaturaUploadSchema,
  MAX_EFATURA_BYTES,
} from '#shared/schemas/efatura-import.ts';
import { commitImport } from './efatura-commit.ts';
import { parseEfaturaCsv } from './efatura-csv.ts';
import { toImportDto, type EfaturaImportDto } from './efatura-import-dto.ts';
import { getSupplierNames, listImportCandidates } from './efatura-import.queries.ts';
import { filePeriod, planImport } from './efatura-plan.ts';

export type EfaturaImportDeps = { db: Database; events: EventBus; cipher: FieldCipher };

// The multipart envelope around the file: boundary, headers, the other field.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const uploadLimit = bodyLimit({
  maxSize: MAX_EFATURA_BYTES + MULTIPART_OVERHEAD_BYTES,
  onError: () => {
    throw new AppError(413, 'FILE_TOO_LARGE', EFATURA_UPLOAD_MESSAGES.tooLarge);
  },
});

/**
 * A broken multipart body is refused here in pt-PT; read once, the validator below reuses it
 * (Hono caches the form data) instead of answering its own English message.
 */
const readableForm = createMiddleware(async (c, next) => {
  if (/^\s*multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    await c.req.formData().catch(() => {
      throw new AppError(400, 'VALIDATION', EFATURA_UPLOAD_MESSAGES.fileRequired);
    });
  }
  await next();
});

type Upload = { file: File; markPaid: boolean };

export function efaturaImportRoutes({ db, events, cipher }: EfaturaImportDeps) {
  /** The file read and planned against the account as it is now, or a 400 naming why not. */
  async function planUpload(scope: RequestScope, { file, markPaid }: Upload, today: CalendarDate) {
    const parsed = parseEfaturaCsv(new Uint8Array(await file.arrayBuffer()), { today });
    if (!parsed.ok) throw new AppError(400, 'EFATURA_FILE_INVALID', parsed.message);
    const { accountId } = scope;
    const nifs = [
      ...new Set(
        parsed.lines.flatMap((line) =>
          line.kind === 'document' ? [line.document.supplierNif] : [],
        ),
      ),
    ];
    const usage = await getMonthlyUsage(db, {
      accountId,
      today,
      monthlyInvoiceLimit: scope.plan.monthlyInvoiceLimit,
    });
    const limitMessage = monthlyLimitMessage(usage.monthlyLimit);
    const [existing, supplierNames] = await Promise.all([
      listImportCandidates(db, { accountId, nifs, period: filePeriod(parsed.lines) }),
      getSupplierNames(db, { accountId, nifs }),
    ]);
    const plan = planImport({
      lines: parsed.lines,
      existing,
      supplierNames,
      remaining: Math.max(0, usage.monthlyLimit - usage.currentCount),
      limitMessage,
      markPaid,
      today,
    });
    return { plan, usage, limitMessage };
  }

  return new Hono<ScopeEnv>()
    .post(
      '/preview',
      requireCapability('invoices.view', 'invoices.create'),
      uploadLimit,
      readableForm,
      validate('form', efaturaUploadSchema),
      async (c) => {
        const { plan, usage } = await planUpload(c.var.scope, c.req.valid('form'), todayInLisbon());
        return c.json(
          toImportDto(plan, {
            isCommitted: false,
            usage: { currentCount: usage.currentCount, monthlyLimit: usage.monthlyLimit },
          }) satisfies EfaturaImportDto,
          200,
        );
      },
    )
    .post(
      '/commit',
      requireCapability('invoices.view', 'invoices.create'),
      uploadLimit,
      readableForm,
      validate('form', efaturaUploadSchema),
      async (c) => {
        const { scope } = c.var;
        const today = todayInLisbon();
        const planned = await planUpload(scope, c.req.valid('form'), today);
        const { plan, createdIds } = await commitImport(db, {
          accountId: scope.accountId,
          plan: planned.plan,
          today,
          monthlyInvoiceLimit: scope.plan.monthlyInvoiceLimit,
          limitMessage: planned.limitMessage,
          author: { key: scope.actorKey, name: scope.actorName },
          cipher,
        });
        if (createdIds.length > 0) {
          publishInBackground(events, scope.accountId, {
            type: 'invoices.changed',
            action: 'created',
            ids: createdIds,
          });
        }
        const usage = await getMonthlyUsage(db, {
          accountId: scope.accountId,
          today,
          monthlyInvoiceLimit: scope.plan.monthlyInvoiceLimit,
        });
        return c.json(
          toImportDto(plan, {
            isCommitted: true,
            usage: { currentCount: usage.currentCount, monthlyLimit: usage.monthlyLimit },
          }) satisfies EfaturaImportDto,
          200,
        );
      },
    );
}
