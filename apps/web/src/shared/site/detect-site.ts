import { DEFAULT_SITE, type SiteCode } from '@kippu/contract/enums';
import { isSiteCode } from '@kippu/contract/sites';

export const SITE_STORAGE_KEY = 'kippu.siteCode';

/**
 * Site code of this page (spec §1): `<body data-site>`, else the stored code, else the default site.
 * Sites are data on the server (ADR 014), which renders only codes it knows into the page: any well-formed
 * code is accepted, a malformed one falls back to the default site. The result is stored for later visits.
 */
export function detectSite(doc: Document = document, storage: Storage = localStorage): SiteCode {
  const candidate = doc.body?.dataset.site || storage.getItem(SITE_STORAGE_KEY) || DEFAULT_SITE;
  const site = isSiteCode(candidate) ? candidate : DEFAULT_SITE;
  storage.setItem(SITE_STORAGE_KEY, site);
  return site;
}

let current: SiteCode | undefined;

/** The detected site, computed once per page load. */
export function currentSite(): SiteCode {
  current ??= detectSite();
  return current;
}

/** Tests switch sites without reloading the module. */
export function resetCurrentSite(site?: SiteCode): void {
  current = site;
}
