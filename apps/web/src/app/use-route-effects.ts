import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useActiveLang } from '../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { pageTitle } from './page-title.ts';

export const SCROLL_DELAY_MS = 200;

/** After each navigation: the page title (spec §2) and a smooth scroll to the top 200 ms later. */
export function useRouteEffects(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const lang = useActiveLang();
  const settings = useCoreStore((state) => state.configuration?.settings);

  useEffect(() => {
    document.title = pageTitle(settings, lang, t);
  }, [pathname, settings, lang, t]);

  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
}
