import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GATEWAY_LEFT_TOAST } from '../shared/payments/leave-for-gateway.ts';
import { paths } from '../shared/routing/paths.ts';
import { dropCachedToast, showCachedToast } from '../shared/stores/toast-store.ts';

/** The screens a gateway's page returns to: they say how the payment ended themselves. */
const GATEWAY_RETURNS = [
  paths.paymentCallback.path,
  paths.paymentCallbackGmo3ds.path,
  paths.paymentCallbackSbps3ds.path,
  paths.dPayConfirm.path,
];

/**
 * The toast cache (spec §3, §4; issue 32, item 11; ADR 105): the message a page left for the next one is
 * shown once as the app mounts, in the new page's language, then removed; also when the browser brings a
 * page back from its back-forward cache (Back from a gateway's page restores the page without mounting it).
 * A gateway's return screen drops the "payment not finished" note: it tells the outcome itself.
 */
export function useCachedToast(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation();

  useEffect(() => {
    const show = () => {
      if (GATEWAY_RETURNS.some((pattern) => matchPath(pattern, pathname)))
        dropCachedToast(GATEWAY_LEFT_TOAST);
      showCachedToast((key, values) => t(key, values));
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
