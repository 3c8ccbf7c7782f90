// Whether DATA_DIR holds an embedded database for the CLI to open. An absent one is an error
// (exit 3): creating a new empty database would only make every email look unknown.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_MESSAGES } from './admin-messages.ts';

/** The message to print when there is no PGlite under `dataDir`, or null when there is. */
export function missingPgliteMessage(dataDir: string): string | null {
  const folder = path.join(path.resolve(dataDir), 'pglite');
  return existsSync(path.join(folder, 'PG_VERSION')) ? null : ADMIN_MESSAGES.noDatabase(folder);
}
