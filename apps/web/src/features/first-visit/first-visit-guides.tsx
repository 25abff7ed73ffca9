import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { useIsKiosk } from '../../shared/kiosk/kiosk-store.ts';
import { paths } from '../../shared/routing/paths.ts';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import { markShown, wasShown, type FirstVisitGuide } from './first-visit-flags.ts';

// Each guide is its own chunk, loaded only for a visitor who is shown it. This host is a chunk of its own
// too, which the root layout loads on the order screen only (ADR 105).
const AppDownloadModal = lazy(() => import('./app-download-modal.tsx'));
const OrderTutorial = lazy(() => import('./order-tutorial.tsx'));

const ORDER_SCREENS: readonly string[] = [paths.root.path, paths.order.path];

/** The app's image and link, when the site offers both (the modal needs the two). */
function appDownloadOf(settings: SiteSettings): { image: string; appUrl: string } | null {
  const image = settings.appDownloadModalImage;
  const appUrl = settings.footer.appDownloadUrl;
  return image && appUrl ? { image, appUrl } : null;
}

/** The next guide this visitor has not been shown yet, in order: the app first, then the tutorial. */
export function nextGuide(settings: SiteSettings): FirstVisitGuide | null {
  if (appDownloadOf(settings) && !wasShown('appDownloadModal')) return 'appDownloadModal';
  if (!wasShown('tutorial')) return 'tutorial';
  return null;
}

/**
 * The first-visit guides (spec §3's two flags; issue 32, items 6–8; ADR 105), on the order screen only
 * (where a first visit begins and where the tutorial's steps are): the app-download modal where the site
 * has an image and an app link, then the order tutorial; each once per visitor and site. Not on a kiosk,
 * where every visitor is a first one and the next must not inherit the flags.
 */
export default function FirstVisitGuides() {
  const { pathname } = useLocation();
  const settings = useCoreStore((state) => state.configuration?.settings);
  const kiosk = useIsKiosk();
  const [open, setOpen] = useState<FirstVisitGuide | null>(null);
  const onOrderScreen = ORDER_SCREENS.includes(pathname);

  useEffect(() => {
    // A guide to the order screen has nothing to say on another screen: leaving it ends the guide.
    if (!onOrderScreen) {
      setOpen(null);
      return;
    }
    if (open || kiosk || !settings) return;
    const next = nextGuide(settings);
    if (!next) return;
    // Remembered as it opens: shown once, whether it is then read, followed or skipped.
    markShown(next);
    setOpen(next);
  }, [open, kiosk, settings, onOrderScreen]);

  const close = () => setOpen(null);
  const app = settings ? appDownloadOf(settings) : null;
  if (open === 'appDownloadModal' && app && onOrderScreen) {
    return (
      <Suspense fallback={null}>
        <AppDownloadModal image={app.image} appUrl={app.appUrl} onClose={close} />
      </Suspense>
    );
  }
  if (open === 'tutorial' && onOrderScreen) {
    return (
      <Suspense fallback={null}>
        <OrderTutorial onClose={close} />
      </Suspense>
    );
  }
  return null;
}
