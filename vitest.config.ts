import { defineConfig } from 'vitest/config';

// Four projects: pure unit tests; API tests against a real migrated database (PGlite per
// file, or PostgreSQL when TEST_DATABASE_URL is set); the scan pipeline, which needs no
// database (so the PostgreSQL pass of CI skips it); and browser tests driving Debian's
// chromium through playwright-core.
const SCAN_PIPELINE_TESTS = ['src/server/services/scan/**/*.test.ts', 'scripts/scan.test.ts'];

export default defineConfig({
  test: {
    // Two files at a time on the 2-core machine: with a browser per browser-test file and
    // password hashing in the API files, three at a time kept the CPU queue full and long
    // scenarios ran past their timeouts; two finish the run in about the same time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Pure functions and components: no file leaves state behind in a module, so a worker
          // imports each module once for all its files.
          isolate: false,
          include: [
            'src/shared/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          exclude: SCAN_PIPELINE_TESTS,
          setupFiles: ['tests/setup/fail-on-console.ts'],
          // Property tests run thousands of cases on the CPU: beside three API files and a
          // browser on a 2-core machine, one took 8 s (5 s alone would be Vitest's default).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: SCAN_PIPELINE_TESTS,
          // A worker evaluates the app's module graph once for all its files instead of once per
          // file (it was ~5 s a file, a third of the PostgreSQL pass). Each file still builds its
          // own app on its own database (tests/setup/test-app.ts); the app keeps no state in
          // modules, only in what createApp is given.
          isolate: false,
          setupFiles: ['tests/setup/fail-on-console.ts'],
          testTimeout: 30_000,
          // A file's set-up signs accounts up (password hashing) beside two other files and the
          // PostgreSQL pass on 2 cores; a minute was once not enough under that load.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'scan',
          environment: 'node',
          include: SCAN_PIPELINE_TESTS,
          globalSetup: ['tests/setup/scan-fixtures-global.ts'],
          setupFiles: ['tests/setup/fail-on-console.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/setup/scan-fixtures-global.ts', 'tests/e2e/global-setup.ts'],
          setupFiles: ['tests/setup/fail-on-console.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
