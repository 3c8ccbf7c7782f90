import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --name <what-changed>`; the SQL lands in src/server/db/migrations,
// is reviewed and committed, and is applied at start by migrateDb (src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
