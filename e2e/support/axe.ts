import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type Violation = { id: string; impact: string; help: string; targets: string[] };

/**
 * axe-core's serious and critical violations on the page as it is now. The script goes in through
 * the DevTools protocol, which the app's Content-Security-Policy does not apply to.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    type AxeNode = { target: string[] };
    type AxeResult = { id: string; impact: string | null; help: string; nodes: AxeNode[] };
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeResult[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}
