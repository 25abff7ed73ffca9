import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';
import { isTicketPageHash } from './ticket-hash.ts';

describe('isTicketPageHash', () => {
  it('agrees with the router on the ticket page and the screens around it', () => {
    const hashes = [
      '#/id/AbC-123_x',
      '#/id/AbC-123_x?from=mail',
      '#/id/AbC-123_x/1/adult',
      '#/id/AbC-123_x/receipt',
      '#/id/',
      '#/order',
      '#/',
      '',
    ];
    for (const hash of hashes) {
      const pathname = hash.replace(/^#/, '').split('?')[0] ?? '';
      expect(isTicketPageHash(hash), hash).toBe(matchPath(paths.ticket.path, pathname) !== null);
    }
  });
});
