// The screens whose chunk the entry starts downloading beside the app's, told apart before the router and
// its chunks have loaded (the entry imports nothing that would load them first; first-screen-hash.test.ts
// keeps these in step with the paths).

/** `#/id/{reservationToken}`: the ticket page (paths.ticket). */
export const isTicketPageHash = (hash: string) => /^#\/id\/[^/?#]+(?:[?#]|$)/.test(hash);

/** The root and `#/order` (paths.root, paths.order): the order screen, where most visitors land. */
export const isOrderScreenHash = (hash: string) => /^(?:#\/?(?:order\/?)?)?(?:[?]|$)/.test(hash);

/** The router's path in a location hash: `#/id/abc?x=1` → `/id/abc`, no hash → `/`. */
export const hashPathname = (hash: string) => hash.replace(/^#/, '').split('?')[0] || '/';
