import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * The WCAG 2.0 and 2.1 levels A and AA (RGAA 4 follows WCAG 2.1 AA). The 2.1 tags bring in,
 * among others, label-in-name (`label-content-name-mismatch`: a control's accessible name holds
 * its visible text, so that voice-control users can say it).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core in the page (one frame: the console has no iframes), the same version as the
 * web unit tests. Evaluated through the browser's protocol, so the console's Content-Security-
 * Policy, which refuses inline scripts, does not stop it. (axe's own Playwright wrapper needs
 * Node 22 from 4.14 on; this is all of it the journeys used.)
 */
async function scan(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    WCAG_TAGS,
  );
}

/** A serious or critical violation as the journeys report it: the rule, and the first elements it names. */
export type Violation = { rule: string; impact: axe.ImpactValue | undefined; help: string; nodes: string[] };

/** The serious and critical WCAG 2.1 A/AA violations of the page as it is now, once it is steady. */
export async function seriousViolations(page: Page, screen: string): Promise<Violation[]> {
  // A grid tooltip fades out for a second (.ag-tooltip-hiding, opacity going to 0) before it is
  // removed: axe would measure its text half transparent. Scan the steady page, not the fade;
  // a tooltip that stays shown is scanned like any element.
  await expect(page.locator('.ag-tooltip-hiding')).toHaveCount(0, { timeout: 15_000 });
  // Likewise a dialog, menu or toast fading in or out: axe would measure its colours mid-way.
  // Wait for every finite animation and transition to end (a spinner turns for ever: left out).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  );
  const started = Date.now();
  const results = await scan(page);
  if (process.env.AXE_TIMING) console.log(`axe ${screen}: ${Date.now() - started} ms`);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      // Mantine's generated ids say little: the element's opening markup says which it is.
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)}`),
    }));
}

/** Fails on any serious or critical WCAG 2.1 A/AA violation of the page as it is now. */
export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  expect.soft(await seriousViolations(page, screen), `accessibility violations on ${screen}`).toEqual([]);
}
