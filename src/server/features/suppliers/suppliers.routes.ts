// /api/suppliers: for now the look-up by NIF that names the supplier of a scanned invoice
// (issue 5 "supplier found by NIF"). Session required; only the account's own suppliers.
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { requireAccount, type AccountEnv } from '#server/features/auth/require-account.ts';
import { AppError } from '#server/http/errors.ts';
import { isNifFormat, normalizeNif } from '#shared/nif.ts';
import { findSupplierByNif } from './suppliers.queries.ts';

export type SupplierDeps = { db: Database; auth: Auth };

const notFound = () => new AppError(404, 'SUPPLIER_NOT_FOUND', 'Fornecedor não encontrado');

export function supplierRoutes({ db, auth }: SupplierDeps) {
  return new Hono<AccountEnv>().use(requireAccount(auth)).get('/by-nif/:nif', async (c) => {
    const nif = normalizeNif(c.req.param('nif'));
    if (!isNifFormat(nif)) throw notFound();
    const supplier = await findSupplierByNif(db, { accountId: c.var.accountId, nif });
    if (!supplier) throw notFound();
    return c.json(supplier, 200);
  });
}
