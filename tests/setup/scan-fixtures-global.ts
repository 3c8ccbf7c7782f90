// Vitest globalSetup of the projects that read the scan fixtures (scan, e2e): they are made
// once, before any test file starts, rather than by the first file's beforeAll while two other
// workers and their browsers compete for the same two cores (three minutes were not enough
// then on a fresh clone). A later ensureScanFixtures() in a file finds them made.
import { ensureScanFixtures } from '#tests/fixtures/scan-fixtures.ts';

export async function setup(): Promise<void> {
  await ensureScanFixtures();
}
