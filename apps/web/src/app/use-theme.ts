import { useEffect } from 'react';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { toneOf } from './theme-tone.ts';

/** Site colours (settings.theme) become CSS custom properties on <html>. */
export function useTheme(): void {
  const theme = useCoreStore((state) => state.configuration?.settings.theme);
  useEffect(() => {
    if (!theme) return;
    const style = document.documentElement.style;
    style.setProperty('--primary', theme.primary);
    style.setProperty('--on-primary', theme.onPrimary);
    style.setProperty('--accent', theme.accent);
    style.setProperty('--background', theme.background);
    document.documentElement.dataset.tone = toneOf(theme.background);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.primary);
  }, [theme]);
}
