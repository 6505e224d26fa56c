/** Accessibility check with axe-core: fails with a readable list of violations. */
import axe from 'axe-core';
import { expect } from 'vitest';

export async function expectNoAxeViolations(node: Element | Document = document): Promise<void> {
  const result = await axe.run(node as Element, {
    // jsdom cannot compute colours or layout; contrast is checked in Chromium by the browser tests.
    rules: { 'color-contrast': { enabled: false } },
  });
  const messages = result.violations.map(
    (v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(messages, messages.join('\n')).toEqual([]);
}
