// /api/suppliers: for now the look-up by NIF that names the supplier of a scanned invoice
// (issue 5 "supplier found by NIF"). Session required; only the account's own suppliers.
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { requireAccount, type AccountEnv } from '#server/features/auth/require-account.ts';
import { z } from 'zod';
import { validate } from '#server/http/validate.ts';
import { isNifFormat, normalizeNif } from '#shared/nif.ts';
import { findSupplierByNif } from './suppliers.queries.ts';

export type SupplierDeps = { db: Database; auth: Auth };

const lookupQuerySchema = z.object({ nif: z.string().max(20) });

export function supplierRoutes({ db, auth }: SupplierDeps) {
  // A look-up that finds nothing is an answer, not an error: { supplier: null }.
  return new Hono<AccountEnv>()
    .use(requireAccount(auth))
    .get('/lookup', validate('query', lookupQuerySchema), async (c) => {
      const nif = normalizeNif(c.req.valid('query').nif);
      const supplier = isNifFormat(nif)
        ? await findSupplierByNif(db, { accountId: c.var.accountId, nif })
        : null;
      return c.json({ supplier }, 200);
    });
}
