import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTagManager } from '../../shared/analytics/use-tag-manager.ts';
import { BusyNotice } from '../../shared/ui/busy-notice.tsx';
import { DialogHost } from '../../shared/ui/dialog-host.tsx';
import { LoadingIndicator } from '../../shared/ui/loading-indicator.tsx';
import { Toast } from '../../shared/ui/toast.tsx';
import { useErrorNavigation } from '../use-error-navigation.ts';
import { useCachedToast } from '../use-cached-toast.ts';
import { useRouteEffects } from '../use-route-effects.ts';
import { SiteData } from '../use-site-data.ts';
import { useTheme } from '../use-theme.ts';
import { useTicketsSubSite } from '../use-tickets-sub-site.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { ScreenPlaceholder } from './screen-placeholder.tsx';
import { paths } from '../../shared/routing/paths.ts';
import DemoBanner from '../../features/demo-mode/demo-banner.tsx';
// Styles: ./root-layout.css, one of the page's own (src/main.ts).

// Loaded only where they can show (ADR 105): the first-visit guides on the order screen. The demo banner is a
// line of text drawn by the server's first paint too, so it is in the layout's bundle: a lazy one would vanish
// and come back as the app takes over, moving the page.
const FirstVisitGuides = lazy(() => import('../../features/first-visit/first-visit-guides.tsx'));
const ORDER_SCREENS: readonly string[] = [paths.root.path, paths.order.path];

/**
 * The root of every screen (spec §2): toast, demo banner, header, routed view with a fade, footer, loader,
 * the first-visit guides and dialogs.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useTheme();
  useRouteEffects();
  useCachedToast();
  useErrorNavigation();
  useTagManager();
  useTicketsSubSite();
  // The first screen replaces the server's first paint in place, so it does not fade in: a fade would hide
  // the page's largest paint (the ticket page's QR codes) for its 280 ms (issue 12). Every later screen does.
  const [unfadedPathname, setUnfadedPathname] = useState<string | null>(pathname);
  if (unfadedPathname !== null && unfadedPathname !== pathname) setUnfadedPathname(null);

  // A plain #anchor would be taken as a route by the hash router, so the skip link moves focus itself.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById('main-content')?.focus();
  };

  // The entrance signage is the whole screen: no skip link, header, footer, toast or loader (issue 11).
  if (pathname === paths.signageTodayTicketInfo.path) {
    return (
      <main id="main-content" className="app-main app-main--bare">
        <SiteData />
        <Suspense fallback={<ScreenPlaceholder />}>
          <Outlet />
        </Suspense>
        <DialogHost />
      </main>
    );
  }

  return (
    <div className="app-shell">
      <SiteData />
      <a className="skip-link" href="#main-content" onClick={skipToContent}>
        {t('common_skip_to_content')}
      </a>
      <Toast />
      <BusyNotice />
      <LoadingIndicator />
      <DemoBanner />
      <SiteHeader />
      <main id="main-content" className="app-main" tabIndex={-1}>
        <div key={pathname} className={unfadedPathname === null ? 'route-fade' : undefined}>
          <Suspense fallback={<ScreenPlaceholder />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <SiteFooter />
      {ORDER_SCREENS.includes(pathname) ? (
        <Suspense fallback={null}>
          <FirstVisitGuides />
        </Suspense>
      ) : null}
      <DialogHost />
    </div>
  );
}
