import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hashPathname, isOrderScreenHash, isTicketPageHash } from './first-screen-hash.ts';
import { paths } from '../shared/routing/paths.ts';

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

describe('the first screen told from the hash', () => {
  it('agrees with the router on the ticket page and the screens around it', () => {
    for (const hash of hashes) {
      expect(isTicketPageHash(hash), hash).toBe(matchPath(paths.ticket.path, hashPathname(hash)) !== null);
    }
  });

  it('agrees with the router on the order screen (the root and /order)', () => {
    for (const hash of hashes) {
      const pathname = hashPathname(hash);
      const isOrder =
        matchPath(paths.root.path, pathname) !== null || matchPath(paths.order.path, pathname) !== null;
      expect(isOrderScreenHash(hash), hash).toBe(isOrder);
    }
  });
});

describe('hashPathname', () => {
  it('is the path before the query, the root without one', () => {
    expect(hashPathname('#/id/abc?from=mail')).toBe('/id/abc');
    expect(hashPathname('#/order')).toBe('/order');
    expect(hashPathname('#?lang=en')).toBe('/');
    expect(hashPathname('')).toBe('/');
  });
});
