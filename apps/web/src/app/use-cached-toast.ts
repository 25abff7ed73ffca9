import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toastCacheKey } from '../shared/stores/toast-store.ts';

/**
 * The toast cache (spec §3, §4; issue 32, item 11; ADR 105): the message a page left for the next one is
 * shown once as the app mounts, in the new page's language, then removed; also when the browser brings a
 * page back from its back-forward cache (Back from a gateway's page restores the page without mounting it).
 * The code that reads it loads only when there is a message (./show-cached-toast.ts): every route's
 * budget carries this check alone.
 */
export function useCachedToast(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation();

  useEffect(() => {
    const show = () => {
      if (localStorage.getItem(toastCacheKey()) === null) return;
      void import('./show-cached-toast.ts').then(({ showCachedToastOn }) =>
        showCachedToastOn(pathname, (key, values) => t(key, values)),
      );
    };
    show();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) show();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
    // Once per page load: later screens of the same page have nothing cached for them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
