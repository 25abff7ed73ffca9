/**
 * WCAG 2.x contrast (issue 28, ADR 071): the site's colours must reach 4.5:1 for text and 3:1 for controls
 * against their background before they are saved. Free of zod so the console's colour form can check as
 * the operator types, with the very function the server refuses with (`console_contrast_too_low`).
 */

/** Text (normal size) against its background: WCAG 1.4.3 AA. */
export const TEXT_CONTRAST = 4.5;
/** A control (a button's face, a focus ring, a link's accent) against what surrounds it: WCAG 1.4.11 AA. */
export const CONTROL_CONTRAST = 3;

/** The relative luminance of `#rrggbb` (WCAG 2.x definition, sRGB). */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/.exec(hex);
  if (!match) throw new Error(`expected a colour as #rrggbb, got ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = parseInt(part, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** One pair of the site's colours that must contrast: `path` names the foreground field for `issues`. */
export interface ContrastPair {
  /** The field the issue points at, e.g. `settings.theme.onPrimary`. */
  path: string;
  /** The field it is checked against, e.g. `settings.theme.primary`. */
  against: string;
  kind: 'text' | 'control';
  foreground: string;
  background: string;
}

export interface ContrastIssue extends ContrastPair {
  ratio: number;
  required: number;
}

/**
 * The theme's pairs (spec §3 theme; the visitor page uses them as in apps/web/src/app/site-theme.ts): the
 * label on a primary button or header (text), and the accent (selected days, focus marks) against the page
 * (a control). A primary button's face against the page is not a pair: its label identifies it (WCAG 1.4.11
 * asks 3:1 only of what is needed to identify a component), and reference sites use light primaries.
 * The server checks the pairs an edit changes (a colour of the pair differs from the stored one), so a site
 * whose stored accent predates the rule can still change its other colours.
 */
export function themeContrastPairs(theme: {
  primary: string;
  onPrimary: string;
  accent: string;
  background: string;
}): ContrastPair[] {
  return [
    // Button labels and the header's text on the primary colour.
    {
      path: 'settings.theme.onPrimary',
      against: 'settings.theme.primary',
      kind: 'text',
      foreground: theme.onPrimary,
      background: theme.primary,
    },
    // Accents (selected states, focus, links' marks) against the page.
    {
      path: 'settings.theme.accent',
      against: 'settings.theme.background',
      kind: 'control',
      foreground: theme.accent,
      background: theme.background,
    },
  ];
}

/** The pairs below their required ratio (empty when the colours pass); ratios rounded to two decimals. */
export function contrastIssues(pairs: readonly ContrastPair[]): ContrastIssue[] {
  return pairs.flatMap((pair) => {
    const required = pair.kind === 'text' ? TEXT_CONTRAST : CONTROL_CONTRAST;
    const ratio = contrastRatio(pair.foreground, pair.background);
    return ratio + 1e-9 < required ? [{ ...pair, ratio: Math.round(ratio * 100) / 100, required }] : [];
  });
}

/** A theme's tone, as the visitor page picks its palette (apps/web/src/styles/global.css `data-tone`). */
export function themeTone(background: string): 'dark' | 'light' {
  return relativeLuminance(background) < 0.18 ? 'dark' : 'light';
}

/** `color-mix(in srgb, a share%, b)` of two `#rrggbb` colours, as the browser mixes them (sRGB values). */
export function mixColours(a: string, b: string, share: number): string {
  const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const [ca, cb] = [channels(a), channels(b)];
  return `#${ca
    .map((value, index) => Math.round(value * share + cb[index]! * (1 - share)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The visitor page's text and surface colours per tone (global.css): what the theme's colours sit on. */
export const PAGE_PALETTE = {
  light: { text: '#15151a', textMuted: '#50505c', surface: () => '#ffffff' },
  dark: {
    text: '#f3f3f6',
    textMuted: '#c4c4cf',
    surface: (background: string) => mixColours(background, '#ffffff', 0.86),
  },
} as const;

type Theme = { primary: string; onPrimary: string; accent: string; background: string };

/**
 * The colour of outlined controls (quantity steppers, a chosen slot's ring, radio marks) on a site: its primary
 * on light pages and its accent on dark ones, as the site is designed, unless that colour reaches less than 3:1
 * against the page or a card; then the other theme colour, and the page's own text colour as the last resort
 * (issue 32: SOFTBANK's yellow primary on white was 1.6:1, RUINS's primary on its dark cards 2.2:1).
 */
export function controlColour(theme: Theme): string {
  const tone = themeTone(theme.background);
  const grounds = [theme.background, PAGE_PALETTE[tone].surface(theme.background)];
  const candidates =
    tone === 'light'
      ? [theme.primary, theme.accent, PAGE_PALETTE.light.text]
      : [theme.accent, theme.primary, PAGE_PALETTE.dark.text];
  return candidates.find((colour) =>
    grounds.every((ground) => contrastRatio(colour, ground) >= CONTROL_CONTRAST),
  )!;
}

/**
 * Every pair of colours a visitor sees on a site with this theme: the theme's own pairs, the control colour on
 * the page and on cards (3:1), and the page's text and muted text on both (4.5:1). The seeded sites are checked
 * against it (apps/server/src/seed/site-contrast.test.ts); the console's colour form can list its issues too.
 */
export function siteContrastPairs(theme: Theme): ContrastPair[] {
  const tone = themeTone(theme.background);
  const palette = PAGE_PALETTE[tone];
  const grounds = [
    { against: 'settings.theme.background', colour: theme.background },
    { against: `page surface (${tone})`, colour: palette.surface(theme.background) },
  ];
  const control = controlColour(theme);
  return [
    ...themeContrastPairs(theme),
    ...grounds.flatMap(({ against, colour }): ContrastPair[] => [
      { path: 'control colour', against, kind: 'control', foreground: control, background: colour },
      { path: `page text (${tone})`, against, kind: 'text', foreground: palette.text, background: colour },
      {
        path: `muted text (${tone})`,
        against,
        kind: 'text',
        foreground: palette.textMuted,
        background: colour,
      },
    ]),
  ];
}
