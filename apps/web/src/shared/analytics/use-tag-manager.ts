import { useEffect } from 'react';
import { useCoreStore } from '../stores/core-store.ts';

/**
 * Loads the tag manager when, and only when, the site's configuration names a container
 * (`analytics.tagManagerId`), and the gtag script when it names one (`analytics.gatagKeyUrl`). Mounted once by the root layout. The loader is its own chunk, fetched only
 * by sites that use it: the order screen's first load stays within its budget (architecture §7).
 */
export function useTagManager(): void {
  const containerId = useCoreStore((state) => state.configuration?.settings.analytics.tagManagerId ?? null);
  const gatagUrl = useCoreStore((state) => state.configuration?.settings.analytics.gatagKeyUrl ?? null);
  useEffect(() => {
    if (containerId)
      void import('./tag-manager.ts').then(({ loadTagManager }) => loadTagManager(containerId));
  }, [containerId]);
  // The site's gtag script (analytics.gatagKeyUrl), the same way: only where set, its own chunk.
  useEffect(() => {
    if (gatagUrl) void import('./gtag.ts').then(({ loadGatag }) => loadGatag(gatagUrl));
  }, [gatagUrl]);
}
