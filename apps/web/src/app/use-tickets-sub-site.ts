import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { currentSite } from '../shared/site/detect-site.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { ticketsSubSiteTarget } from './tickets-sub-site.ts';

const replaceLocation = (url: string) => window.location.replace(url);

/**
 * Spec §2: outside production, a ticket route opened from the main site moves the browser to the site's
 * tickets sub-site, and any other route opened there moves it back (ADR 024). The move replaces the
 * history entry, so Back returns to the page before the ticket instead of bouncing between the two.
 * Waits for the configuration: until it says which environment this is, nothing moves.
 */
export function useTicketsSubSite(go: (url: string) => void = replaceLocation): void {
  const { pathname, search } = useLocation();
  const environment = useCoreStore((state) => state.configuration?.environment);

  useEffect(() => {
    if (!environment || environment === 'production') return;
    const target = ticketsSubSiteTarget(window.location, `${pathname}${search}`, currentSite());
    if (target) go(target);
  }, [environment, pathname, search, go]);
}
