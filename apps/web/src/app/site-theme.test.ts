import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, mixColours } from '@kippu/contract/console/settings-contrast';
import { siteTheme } from './site-theme.ts';

/** Issue 32: quantity controls on SOFTBANK (1.6:1) and the RUINS spot "+" (2.2:1) fell below 3:1. */
const SOFTBANK = { primary: '#ffc400', onPrimary: '#1a1a1a', accent: '#263238', background: '#ffffff' };
const RUINS = { primary: '#bf360c', onPrimary: '#ffffff', accent: '#ffcc80', background: '#1a1110' };

describe('siteTheme control colour', () => {
  it('a light site whose primary is too pale on white draws its controls in a colour reaching 3:1', () => {
    const control = siteTheme(SOFTBANK).properties['--control'];
    expect(contrastRatio(SOFTBANK.primary, '#ffffff')).toBeLessThan(3);
    expect(contrastRatio(control, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('a dark site draws its controls in a colour reaching 3:1 on its cards, not its primary', () => {
    const control = siteTheme(RUINS).properties['--control'];
    // The dark palette's card: color-mix(in srgb, background 86%, #fff) (global.css).
    const card = mixColours(RUINS.background, '#ffffff', 0.86);
    expect(contrastRatio(RUINS.primary, card)).toBeLessThan(3);
    expect(contrastRatio(control, card)).toBeGreaterThanOrEqual(3);
  });

  it('a site whose primary passes keeps it for its controls', () => {
    const theme = { primary: '#3949ab', onPrimary: '#ffffff', accent: '#e64a19', background: '#ffffff' };
    expect(siteTheme(theme).properties['--control']).toBe(theme.primary);
  });

  // The steppers of the order screen and the spot screen take that colour, not the raw primary.
  it.each([
    ['../features/booking/order/order-form.css', '.stepper__button {'],
    ['../features/spot/spot.css', '.spot-stepper__button {'],
  ])('%s draws %s in var(--control)', (file, selector) => {
    const css = readFileSync(new URL(file, import.meta.url), 'utf8');
    const rule = css.slice(css.indexOf(selector), css.indexOf('}', css.indexOf(selector)));
    expect(rule).toMatch(/border: 1\.5px solid var\(--control\)/);
    expect(rule).toMatch(/\bcolor: var\(--control\)/);
  });
});
