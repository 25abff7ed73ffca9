import { useEffect } from 'react';
import { useCoreStore } from '../stores/core-store.ts';

/**
 * Loads the tag manager when, and only when, the site's configuration names a container
 * (`analytics.tagManagerId`). Mounted once by the root layout. The loader is its own chunk, fetched only
 * by sites that use it: the order screen's first load stays within its budget (architecture §7).
 */
export function useTagManager(): void {
  const containerId = useCoreStore((state) => state.configuration?.settings.analytics.tagManagerId ?? null);
  useEffect(() => {
    if (containerId)
      void import('./tag-manager.ts').then(({ loadTagManager }) => loadTagManager(containerId));
  }, [containerId]);
}
