import { useEffect } from 'react';
import { useCoreStore } from '../shared/stores/core-store.ts';

/**
 * Site colours (settings.theme) become CSS custom properties on <html>. The served page already carries them
 * (ADR 037), so the colour maths (site-theme.ts, the contract's contrast module) loads lazily, out of the
 * code every route waits for (route budgets, apps/web/build/route-sizes.ts).
 */
export function useTheme(): void {
  const theme = useCoreStore((state) => state.configuration?.settings.theme);
  useEffect(() => {
    if (!theme) return;
    let current = true;
    void import('./site-theme.ts').then(({ siteTheme }) => {
      // A newer theme (another site's settings) may have arrived meanwhile: its own effect applies it.
      if (!current) return;
      const { properties, tone, themeColor } = siteTheme(theme);
      const root = document.documentElement;
      for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value);
      root.dataset.tone = tone;
      document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor);
    });
    return () => {
      current = false;
    };
  }, [theme]);
}
