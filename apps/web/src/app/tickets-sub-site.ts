import { siteSlug, TICKETS_SLUG } from '@kippu/contract/sites';
import type { SiteCode } from '@kippu/contract/enums';

/** The folder of a site's tickets sub-site (spec §2, ADR 024): `/{slug}/tickets/`; `/tickets/` is the default site's. */
const TICKETS_FOLDER = `${TICKETS_SLUG}/`;

/** Ticket routes of spec §2 ("Ticket pages"): the ticket, its gate and receipt, share, send and change date. */
export function isTicketRoute(route: string): boolean {
  return route.startsWith('/tickets/') || route.startsWith('/id/');
}

/** The page's folder: its path without a file name (`/borderless/index.html` → `/borderless/`). */
function folderOf(pathname: string): string {
  return pathname.slice(0, pathname.lastIndexOf('/') + 1);
}

export function isOnTicketsSubSite(pathname: string): boolean {
  return folderOf(pathname).endsWith(`/${TICKETS_FOLDER}`);
}

/**
 * Where the browser belongs for a hash route (spec §2, outside production): a ticket route on the site's
 * tickets sub-site (origin + base folder + `tickets/` + the hash route), any other route on the main site.
 * Answers the URL to go to, or null when the page is already in the right place. `/tickets/` (the default
 * site's sub-site, which has no base folder of its own) returns to the default site's `/{slug}/`.
 */
export function ticketsSubSiteTarget(
  location: Pick<Location, 'origin' | 'pathname'>,
  hashRoute: string,
  site: SiteCode,
): string | null {
  const folder = folderOf(location.pathname);
  const onSubSite = isOnTicketsSubSite(location.pathname);
  const wantsSubSite = isTicketRoute(hashRoute);
  if (onSubSite === wantsSubSite) return null;
  let target: string;
  if (wantsSubSite) {
    target = `${folder}${TICKETS_FOLDER}`;
  } else {
    const mainFolder = folder.slice(0, -TICKETS_FOLDER.length);
    target = mainFolder === '/' ? `/${siteSlug(site)}/` : mainFolder;
  }
  return `${location.origin}${target}#${hashRoute}`;
}
