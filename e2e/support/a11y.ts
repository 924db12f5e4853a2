// Accessibility checks for the browser tier: axe-core (through @axe-core/playwright) on what is on
// screen now. One call per screen or dialog: `await expectAccessible(page, 'Palette', '[role="dialog"]')`.
// Serious and critical violations fail the test, and so does a gap in the heading outline
// (heading-order, moderate: a screen reader user lists a screen by its headings); the other
// moderate and minor ones are printed, so they are seen in the log without blocking
// (docs/accessibility.md says why).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './web-app.ts';

/** The rule sets checked: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface A11yFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page (or only inside `include`, a CSS selector) and returns every violation found. */
export async function scanAccessibility(page: Page, include?: string): Promise<A11yFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(A11Y_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

/** Milder rules that fail a test all the same (issue 37, item 18). */
export const BLOCKING_RULES: ReadonlySet<string> = new Set(['heading-order']);

/**
 * Fails on any serious or critical violation in what is on screen (or inside `include`), or one of
 * BLOCKING_RULES; prints the milder ones under `name`, the screen or dialog checked.
 */
export async function expectAccessible(page: Page, name: string, include?: string): Promise<void> {
  const findings = await scanAccessibility(page, include);
  const blocking = findings.filter(
    (f) => f.impact === 'serious' || f.impact === 'critical' || BLOCKING_RULES.has(f.rule),
  );
  for (const f of findings.filter((x) => !blocking.includes(x))) {
    console.log(`[a11y] ${name}: ${f.impact} ${f.rule} (${f.help}) at ${f.targets.join(', ')}`);
  }
  // Soft: one test walks several screens and reports every one that fails, not only the first.
  expect.soft(blocking, `${name}: serious or critical accessibility violations, or a heading out of order`).toEqual([]);
}
