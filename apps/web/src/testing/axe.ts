import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe's WCAG 2.2 AA rules on what a test rendered, for page states a browser story cannot reach
 * (a link that has expired needs a server clock a week ahead). jsdom does no layout, so the
 * rules that need it (colour contrast, target size) are left to the browser stories' checks.
 */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const { violations } = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
  });
  const summary = violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}
