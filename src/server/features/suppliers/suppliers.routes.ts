// /api/suppliers (issue 6 contract "Suppliers API"): the /fornecedores list with invoice counts
// and spending, one supplier, a supplier and its totals by NIF, create / edit / delete, and the
// look-up by NIF that names the supplier of a scanned invoice. Behind the request scope (app.ts);
// only the account's own suppliers; each route declares its capability (suppliers.view to read,
// suppliers.create/edit/delete to change; the scanner's look-up is the plan's autoComplete), and
// a body that sets a spending limit needs suppliers.spendingLimits (spec §6). Every change is
// heard by the account's other tabs (suppliers.changed).
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Supplier } from '#server/db/schema/index.ts';
import type { RequestScope, ScopeEnv } from '#server/features/auth/request-scope.ts';
import { assertCapability, requireCapability } from '#server/features/auth/require-capability.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { isNifFormat, normalizeNif } from '#shared/nif.ts';
import { getPlanFeatures } from '#shared/plans.ts';
import {
  setsSpendingLimit,
  supplierInputSchema,
  type SupplierData,
} from '#shared/schemas/supplier.ts';
import { toSupplierDto } from './supplier-dto.ts';
import {
  createSupplier,
  deleteSupplier,
  getSupplierRow,
  updateSupplier,
} from './supplier-write.queries.ts';
import { SUPPLIER_API_MESSAGES } from './suppliers.messages.ts';
import {
  findSupplierByNif,
  getSupplierItem,
  getSupplierTotals,
  listSuppliers,
} from './suppliers.queries.ts';

export type SupplierDeps = {
  db: Database;
  events: EventBus;
  /** The email is stored encrypted (ADR 028). */
  cipher: FieldCipher;
};

const lookupQuerySchema = z.object({ nif: z.string().max(20) });
const listQuerySchema = z.object({ search: z.string().max(200).optional() });

const notFound = () => new AppError(404, 'SUPPLIER_NOT_FOUND', SUPPLIER_API_MESSAGES.notFound);
const exists = () => new AppError(409, 'SUPPLIER_EXISTS', SUPPLIER_API_MESSAGES.exists);

/** A malformed id cannot name a supplier: answered as an unknown one, not with a DB error. */
function supplierId(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** The stored limit, as the body writes it. */
function storedLimit(row: Supplier): SupplierData['limit'] {
  return {
    amountCents: row.spendingLimitCents,
    active: row.spendingLimitActive,
    period: row.spendingLimitPeriod,
    start: row.spendingLimitStart,
    end: row.spendingLimitEnd,
    autoRenew: row.spendingLimitAutoRenew,
    resetDay: row.spendingLimitResetDay,
    timezone: row.spendingLimitTimezone,
  };
}

function isSameLimit(a: SupplierData['limit'], b: SupplierData['limit']): boolean {
  return (Object.keys(a) as Array<keyof SupplierData['limit']>).every((key) => a[key] === b[key]);
}

/** Whether the account's plan runs spending limits (the spending figures of the answers). */
const hasSpendingLimits = (scope: RequestScope) => getPlanFeatures(scope.plan).spendingLimits;

export function supplierRoutes({ db, events, cipher }: SupplierDeps) {
  function announce(accountId: string, id: string) {
    publishInBackground(events, accountId, { type: 'suppliers.changed', ids: [id] });
  }

  /**
   * A spending limit needs suppliers.spendingLimits (a paid plan). An edit that keeps the limit
   * the supplier already has (set before a downgrade) is not refused, so its other fields stay
   * editable.
   */
  function assertLimitAllowed(scope: RequestScope, data: SupplierData, current?: Supplier) {
    if (!setsSpendingLimit(data.limit)) return;
    if (current && isSameLimit(data.limit, storedLimit(current))) return;
    assertCapability(scope, 'suppliers.spendingLimits');
  }

  return (
    new Hono<ScopeEnv>()
      // The scanner's automatic capture: a look-up that finds nothing is an answer, not an
      // error ({ supplier: null }). It reads a supplier like its siblings, and it is the
      // plan's autoComplete.
      .get(
        '/lookup',
        requireCapability('suppliers.view', 'scanner.autoComplete'),
        validate('query', lookupQuerySchema),
        async (c) => {
          const nif = normalizeNif(c.req.valid('query').nif);
          const supplier = isNifFormat(nif)
            ? await findSupplierByNif(db, { accountId: c.var.scope.accountId, nif })
            : null;
          return c.json({ supplier }, 200);
        },
      )
      .get(
        '/',
        requireCapability('suppliers.view'),
        validate('query', listQuerySchema),
        async (c) => {
          const { scope } = c.var;
          const items = await listSuppliers(db, {
            accountId: scope.accountId,
            search: c.req.valid('query').search,
            hasSpendingLimits: hasSpendingLimits(scope),
            cipher,
          });
          return c.json({ items }, 200);
        },
      )
      .get('/by-nif/:nif', requireCapability('suppliers.view'), async (c) => {
        const nif = normalizeNif(c.req.param('nif'));
        if (!isNifFormat(nif)) {
          const message = SUPPLIER_API_MESSAGES.nifInvalid;
          throw new AppError(400, 'VALIDATION', message, [{ path: 'nif', message }]);
        }
        const { scope } = c.var;
        const accountId = scope.accountId;
        const [supplier, totals] = await Promise.all([
          getSupplierItem(db, {
            accountId,
            nif,
            hasSpendingLimits: hasSpendingLimits(scope),
            cipher,
          }),
          getSupplierTotals(db, { accountId, nif }),
        ]);
        return c.json({ supplier, totals }, 200);
      })
      .get('/:id', requireCapability('suppliers.view'), async (c) => {
        const { scope } = c.var;
        const item = await getSupplierItem(db, {
          accountId: scope.accountId,
          id: supplierId(c.req.param('id')),
          hasSpendingLimits: hasSpendingLimits(scope),
          cipher,
        });
        if (!item) throw notFound();
        return c.json(item, 200);
      })
      .post(
        '/',
        requireCapability('suppliers.view', 'suppliers.create'),
        validate('json', supplierInputSchema),
        async (c) => {
          const { scope } = c.var;
          const accountId = scope.accountId;
          const data = c.req.valid('json');
          assertLimitAllowed(scope, data);
          const supplier = await createSupplier(db, { accountId, data, cipher });
          if (supplier === 'exists') throw exists();
          announce(accountId, supplier.id);
          return c.json(toSupplierDto(supplier, cipher), 201);
        },
      )
      .patch(
        '/:id',
        requireCapability('suppliers.view', 'suppliers.edit'),
        validate('json', supplierInputSchema),
        async (c) => {
          const { scope } = c.var;
          const accountId = scope.accountId;
          const id = supplierId(c.req.param('id'));
          const data = c.req.valid('json');
          const current = await getSupplierRow(db, { accountId, id });
          if (!current) throw notFound();
          assertLimitAllowed(scope, data, current);
          const supplier = await updateSupplier(db, { accountId, id, data, cipher });
          if (supplier === 'exists') throw exists();
          if (!supplier) throw notFound();
          announce(accountId, supplier.id);
          return c.json(toSupplierDto(supplier, cipher), 200);
        },
      )
      .delete('/:id', requireCapability('suppliers.view', 'suppliers.delete'), async (c) => {
        const accountId = c.var.scope.accountId;
        const id = supplierId(c.req.param('id'));
        if (!(await deleteSupplier(db, { accountId, id }))) throw notFound();
        announce(accountId, id);
        return c.body(null, 204);
      })
  );
}
