import axe from 'axe-core';
import { expect } from 'vitest';

/** axe on what is rendered; colour contrast needs a layout jsdom has not (the e2e journeys check it). */
export async function expectNoAxeViolations(container: HTMLElement): Promise<void> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  // It looked at something: a run that checked nothing would pass any screen.
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
