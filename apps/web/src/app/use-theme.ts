import { useEffect } from 'react';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { siteTheme } from './site-theme.ts';

/** Site colours (settings.theme) become CSS custom properties on <html>. */
export function useTheme(): void {
  const theme = useCoreStore((state) => state.configuration?.settings.theme);
  useEffect(() => {
    if (!theme) return;
    const { properties, tone, themeColor } = siteTheme(theme);
    const root = document.documentElement;
    for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value);
    root.dataset.tone = tone;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor);
  }, [theme]);
}
