import { API_PATH, fillPath, type HttpMethod, type Route } from '@kippu/contract/routes';

/** The API's base, relative to the site's page: every site's page lives at /{slug}/ (spec §7). */
export const API_BASE_URL = `.${API_PATH}/`;
/** From the API's base to the site's path, where d払い's calls live (mount `site`, spec §7). */
const SITE_FROM_API = '../../';

type PathParams = Readonly<Record<string, string | number>>;

/** A route's URL relative to the API's base, its path parameters filled in (and percent-encoded). */
export function callUrl(route: Route, params?: PathParams): string {
  const path = fillPath(route.path, params).slice(1);
  return route.mount === 'site' ? SITE_FROM_API + path : path;
}

/** How the API client names a call (for error navigation): its method and URL relative to the base. */
export function describeCall(route: Route, params?: PathParams): { method: HttpMethod; url: string } {
  return { method: route.method, url: callUrl(route, params) };
}

/** A link to an endpoint (a file download the browser fetches itself: a PDF, a pass, a calendar entry). */
export function endpointHref(
  route: Route,
  params?: PathParams,
  query?: Readonly<Record<string, string>>,
): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${API_BASE_URL}${callUrl(route, params)}${search}`;
}
