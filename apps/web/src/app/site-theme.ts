import { controlColour } from '@kippu/contract/console/settings-contrast';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { toneOf } from '../shared/site/theme-tone.ts';

/** The control colour; the primary if a colour is not #rrggbb (the settings schema refuses those anyway). */
function controlOf(theme: SiteSettings['theme']): string {
  try {
    return controlColour(theme);
  } catch {
    return theme.primary;
  }
}

/**
 * What a site's colours (settings.theme) set on <html>: the custom properties global.css reads, the palette
 * tone, and the browser's theme colour. The served page carries them from the start (ADR 037) and
 * `useTheme` sets the same values, so the first paint is already in the site's colours.
 */
export function siteTheme(theme: SiteSettings['theme']) {
  return {
    properties: {
      '--primary': theme.primary,
      '--on-primary': theme.onPrimary,
      '--accent': theme.accent,
      '--background': theme.background,
      // Outlined controls (quantity steppers, a chosen slot's ring): the theme colour that reaches 3:1 on the
      // page and on cards (issue 32: SOFTBANK's yellow primary on white was 1.6:1).
      '--control': controlOf(theme),
    },
    tone: toneOf(theme.background),
    themeColor: theme.primary,
  };
}
