// Screenshots for a human (or the lead) to look at; not compared by the tests.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? path.join('/tmp', 'papelada-e2e-shots');

/** The whole page, or with `fullPage: false` what the viewport shows (a fixed prompt). */
export async function saveScreenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
