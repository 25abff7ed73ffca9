import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isOrderScreenHash, isTicketPageHash } from './first-screen-hash.ts';
import { paths } from './paths.ts';

const hashes = [
  '#/id/AbC-123_x',
  '#/id/AbC-123_x?from=mail',
  '#/id/AbC-123_x/1/adult',
  '#/id/AbC-123_x/receipt',
  '#/id/',
  '#/order',
  '#/order/',
  '#/order?ref=c',
  '#/orders',
  '#/order/x',
  '#/',
  '#/?lang=en',
  '#',
  '',
  '#/payment',
];
const pathnameOf = (hash: string) => hash.replace(/^#/, '').split('?')[0] || '/';

describe('the first screen told from the hash', () => {
  it('agrees with the router on the ticket page and the screens around it', () => {
    for (const hash of hashes) {
      expect(isTicketPageHash(hash), hash).toBe(matchPath(paths.ticket.path, pathnameOf(hash)) !== null);
    }
  });

  it('agrees with the router on the order screen (the root and /order)', () => {
    for (const hash of hashes) {
      const pathname = pathnameOf(hash);
      const isOrder =
        matchPath(paths.root.path, pathname) !== null || matchPath(paths.order.path, pathname) !== null;
      expect(isOrderScreenHash(hash), hash).toBe(isOrder);
    }
  });
});
