import { relativeLuminance } from '@kippu/contract/console/settings-contrast';

/**
 * Relative luminance of a #rrggbb colour (WCAG 2.x), by the contract's one contrast implementation (ADR 104);
 * a value that is not a colour counts as white, so a broken setting falls back to the light palette.
 */
export function luminance(hex: string): number {
  const value = hex.trim();
  try {
    return relativeLuminance(value.startsWith('#') ? value : `#${value}`);
  } catch {
    return 1;
  }
}

/** Dark page backgrounds need light text: the tone picks the matching palette in global.css. */
export function toneOf(background: string): 'dark' | 'light' {
  return luminance(background) < 0.18 ? 'dark' : 'light';
}
