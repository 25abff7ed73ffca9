/** One entry of the tag manager's queue: an event name and its fields. */
export type DataLayerEntry = { event: string; [field: string]: unknown };

declare global {
  interface Window {
    /** The tag manager's queue; it may be created by the container script or by our first push. */
    dataLayer?: unknown[];
  }
}

/**
 * Queues an entry for the tag manager (spec §7 "Analytics events pushed to a tag manager"). The queue
 * exists whether or not the site configures a container, so pushes made before the script loads (or on a
 * site without one) are harmless and are read once it arrives.
 */
export function pushToDataLayer(entry: DataLayerEntry): void {
  (window.dataLayer ??= []).push(entry);
}
