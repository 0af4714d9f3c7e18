/**
 * Screenshots for a person to judge (the tools test/e2e/screenshots.ts, page-screenshots.ts and
 * claims-screenshots.ts): one page at a phone's width and a desktop's.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** A phone's width and a desktop's; pages open at the desktop size. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/**
 * One shot per viewport into `folder`, named `<name>-<width>.png`, full page unless `viewportOnly` (a modal's
 * backdrop covers the viewport alone, so a full page would show it half-drawn); the page is left at the
 * desktop size. The file names are printed as they are written.
 */
export async function shoot(page: Page, folder: string, name: string, { viewportOnly = false } = {}): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // a layout change can scroll the focused field into view: shots start from the top
    await page.evaluate(() => window.scrollTo(0, 0));
    const file = join(folder, `${name}-${viewport.width}.png`);
    await page.screenshot({ path: file, fullPage: !viewportOnly });
    console.log(file);
  }
}
