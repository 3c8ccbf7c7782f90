// The layout of a backup folder (`npm run admin -- backup <dir>`, ADR 018 "Backup and
// restore"): manifest.json, written last, says what the folder holds and how to check it;
// tables/<table>.ndjson hold the rows; files/ the stored objects, listed in files.ndjson;
// data-dir/ the files kept at the top of DATA_DIR (the generated secrets).
import { z } from 'zod';

export const BACKUP_FORMAT = 'papelada-backup';
/** Raised when the layout changes: a restore refuses a format it does not know. */
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_FILE = 'manifest.json';
export const TABLES_DIR = 'tables';
export const FILES_DIR = 'files';
export const FILES_INDEX = 'files.ndjson';
export const DATA_DIR_COPY = 'data-dir';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().min(0);
/** A table or column name as the catalog gives it, safe to use as a file name. */
const sqlName = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

export const migrationRefSchema = z.object({
  /** The migration's file name in src/server/db/migrations, when this code knows it. */
  tag: z.string().nullable(),
  /** drizzle's `created_at` of the migration (its journal's `when`). */
  createdAt: z.number().int(),
  /** drizzle's sha256 of the migration's SQL. */
  hash: z.string(),
});
export type MigrationRef = z.infer<typeof migrationRefSchema>;

export const columnSchema = z.object({ name: sqlName, type: z.string().min(1) });
export type BackupColumn = z.infer<typeof columnSchema>;

export const tableEntrySchema = z.object({
  name: sqlName,
  /** Every column but generated ones, in table order: each row is a JSON array of them. */
  columns: z.array(columnSchema).min(1),
  rows: count,
  bytes: count,
  sha256,
});
export type TableEntry = z.infer<typeof tableEntrySchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  appVersion: z.string(),
  /** `select version()` of the database backed up (PGlite or a PostgreSQL server). */
  database: z.string(),
  /** The migrations applied to the database, oldest first: its schema level is their number. */
  migrations: z.array(migrationRefSchema),
  tables: z.array(tableEntrySchema),
  /** Sequences of the public schema and their last value (none today; kept for any later). */
  sequences: z.array(z.object({ name: sqlName, value: z.string().regex(/^-?\d+$/) })),
  files: z.object({ count, bytes: count, missing: count, indexSha256: sha256 }),
  dataDir: z.array(
    z.object({ name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/), bytes: count, sha256 }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** One line of files.ndjson: a copied object, or one a row names that the store lacked. */
export const fileEntrySchema = z.union([
  z.object({ path: z.string(), contentType: z.string(), bytes: count, sha256 }),
  z.object({ path: z.string(), missing: z.literal(true) }),
]);
export type FileEntry = z.infer<typeof fileEntrySchema>;

/** Why a backup folder cannot be restored; the message is the operator's (pt-PT). */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

export function tableFile(name: string): string {
  return `${TABLES_DIR}/${name}.ndjson`;
}

/** Double-quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
