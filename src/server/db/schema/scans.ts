// Scanned documents waiting to become an invoice's first photo (issue 14 point 6): POST
// /api/scan records one here before it stores the image at `<account>/scans/<id>.jpg`, and
// the scan cleanup job (src/server/features/scan/scan-cleanup.job.ts) deletes by age the ones
// never turned into an invoice. The row, not a listing of the store, says what exists and
// since when: the same on disk and on S3, and one indexed query for every account (ADR 015).
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestamps } from './columns.ts';

export const scans = pgTable(
  'scans',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // The storage name of the kept image (storage-path.ts scanPath).
    id: uuid('id').notNull(),
    ...timestamps(),
  },
  (t) => [
    // Saving the invoice deletes its scan by (account, id).
    primaryKey({ columns: [t.accountId, t.id] }),
    // The cleanup: the oldest scans created before a cut-off, across accounts.
    index('scans_created_at_idx').on(t.createdAt),
  ],
);

export type Scan = typeof scans.$inferSelect;
