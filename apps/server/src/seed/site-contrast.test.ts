import { describe, expect, it } from 'vitest';
import {
  contrastIssues,
  contrastRatio,
  controlColour,
  siteContrastPairs,
} from '@kippu/contract/console/settings-contrast';
import { SITE_DEFINITIONS } from './data/site-definitions.ts';

/**
 * Every seeded site's colours as a visitor sees them (issue 32: SOFTBANK's quantity controls were 1.6:1 and
 * the RUINS spot "+" 2.2:1, and axe did not catch it): 4.5:1 for text, 3:1 for controls, with the very
 * function the console's settings check uses.
 */
describe('seeded site colours', () => {
  it.each(SITE_DEFINITIONS.map((site) => [site.code, site.theme] as const))(
    '%s: text reaches 4.5:1 and controls 3:1',
    (_code, theme) => {
      expect(contrastIssues(siteContrastPairs(theme))).toEqual([]);
    },
  );

  it('the check refuses the colours of the defect: a yellow primary as the control colour on white', () => {
    const softbank = SITE_DEFINITIONS.find((site) => site.code === 'SOFTBANK')!.theme;
    expect(contrastRatio(softbank.primary, '#ffffff')).toBeLessThan(3);
    // So the steppers of SOFTBANK are not drawn in its primary.
    expect(controlColour(softbank)).not.toBe(softbank.primary);
    expect(contrastRatio(controlColour(softbank), '#ffffff')).toBeGreaterThanOrEqual(3);
    const issues = contrastIssues(
      siteContrastPairs({ ...softbank, accent: softbank.primary }).filter(
        (pair) => pair.path !== 'control colour',
      ),
    );
    expect(issues.map((issue) => issue.path)).toContain('settings.theme.accent');
  });
});
