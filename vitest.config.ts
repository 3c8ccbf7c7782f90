import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, API tests against a real migrated database
// (PGlite per file, or PostgreSQL when TEST_DATABASE_URL is set), and browser tests
// driving Debian's chromium through playwright-core.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['tests/setup/fail-on-console.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'bench/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/setup/fail-on-console.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
