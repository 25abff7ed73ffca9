import { LEAK_MARKER } from './console-fuzz-fixture.ts';

/** The marker only the other organisation's objects carry; no request sends it, so an answer with it leaked. */
export function leaks(body: string): boolean {
  return body.toLowerCase().includes(LEAK_MARKER.toLowerCase());
}

/** What a request addresses that its member may not reach. */
export interface Forbidden {
  /** Site codes of the other organisation, or of this organisation not covered by the membership. */
  sites: readonly string[];
  /** Ids of the other organisation's objects. */
  ids: readonly number[];
}

function mentions(value: unknown, forbidden: Forbidden, key = ''): boolean {
  if (typeof value === 'string') return forbidden.sites.includes(value);
  if (typeof value === 'number') return /id$/i.test(key) && forbidden.ids.includes(value);
  if (Array.isArray(value)) return value.some((item) => mentions(item, forbidden, key));
  if (value && typeof value === 'object') {
    // "All sites" is the organisation's own sites: a site list beside it is not what the request grants.
    const allSites = (value as { allSites?: unknown }).allSites === true;
    return Object.entries(value).some(
      ([k, item]) => !(allSites && k === 'siteCodes') && mentions(item, forbidden, k),
    );
  }
  return false;
}

/**
 * Whether the request, as sent, names something out of reach: a path segment that is a forbidden site or id,
 * a `site` query value that is a forbidden site, or a body holding a forbidden site code or id (`...Id`).
 * Such a request may never succeed: an object of another organisation or an uncovered site answers 404.
 */
export function addressesForbidden(url: string, payload: unknown, forbidden: Forbidden): boolean {
  const [path, search = ''] = url.split('?');
  const segments = path!.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  if (segments.some((s) => forbidden.sites.includes(s) || forbidden.ids.map(String).includes(s))) return true;
  const site = new URLSearchParams(search).getAll('site');
  if (site.some((s) => forbidden.sites.includes(s))) return true;
  if (typeof payload !== 'string') return false;
  try {
    return mentions(JSON.parse(payload), forbidden);
  } catch {
    return false;
  }
}
