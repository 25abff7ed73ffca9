/**
 * `#/id/{reservationToken}`: the ticket page (paths.ticket), told apart by the entry before the router and
 * its chunk have loaded (the entry imports nothing that would load them first; ticket-hash.test.ts keeps it
 * in step with paths.ticket).
 */
export const isTicketPageHash = (hash: string) => /^#\/id\/[^/?#]+(?:[?#]|$)/.test(hash);
