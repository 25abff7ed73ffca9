import { pushToDataLayer } from './data-layer.ts';

/** Where a Google Tag Manager container loads from (the CSP must admit this origin for a site that sets an id). */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/**
 * Container ids look like GTM-5XKQ2R7. The id comes from site settings (data staff edit), and it ends up
 * in a script URL, so anything else is refused rather than loaded.
 */
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/**
 * Loads the site's tag manager container once (spec §3 "tag manager id"). Answers whether a script was
 * added: false for an invalid id or when this container is already on the page.
 */
export function loadTagManager(containerId: string, doc: Document = document): boolean {
  if (!CONTAINER_ID.test(containerId)) return false;
  if (doc.querySelector(`script[data-tag-manager="${containerId}"]`)) return false;
  // The container's own snippet starts its clock with this entry; events queued earlier stay in order.
  pushToDataLayer({ event: 'gtm.js', 'gtm.start': Date.now() });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
  script.dataset.tagManager = containerId;
  doc.head.appendChild(script);
  return true;
}
