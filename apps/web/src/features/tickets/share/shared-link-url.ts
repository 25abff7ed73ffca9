import { paths } from '../../../shared/routing/paths.ts';

/**
 * The absolute address of a shared page, in this site and language: the app runs on hash routes under the
 * site's folder (ADR 004), so the companion's browser opens the same site at `#/tickets/shared/{token}`.
 */
export function sharedLinkUrl(
  shareToken: string,
  lang: string,
  location: Location = window.location,
): string {
  const route = paths.ticketShared.getHref({ reservationToken: shareToken }, { lang });
  return `${location.origin}${location.pathname}#${route}`;
}
