import { describe, expect, it } from 'vitest';
import { LANG_CODES } from '@kippu/contract';
import { renderMail } from './render-mail.ts';

describe('the slot_moved mail', () => {
  it('renders in every language with the new time first and the previous one below', () => {
    for (const lang of LANG_CODES) {
      const mail = renderMail(
        {
          kind: 'slot_moved',
          siteCode: 'DEMO',
          to: 'kenji@example.jp',
          lang,
          payload: {
            siteName: 'Demo Museum',
            reservationNumber: 'ABCDE12345',
            productName: 'Timed entry',
            productType: 'time',
            startsAt: '2027-06-08T01:30:00.000Z',
            endsAt: '2027-06-08T02:00:00.000Z',
            previousStartsAt: '2027-06-08T01:00:00.000Z',
            previousEndsAt: '2027-06-08T01:30:00.000Z',
            ticketUrl: 'https://kippu.test/demo/#/tickets/abc',
          },
        },
        { uidHost: 'kippu.test' },
      );
      expect(mail.subject).toContain('ABCDE12345');
      expect(mail.subject).toContain('Demo Museum');
      expect(mail.text).toContain('https://kippu.test/demo/#/tickets/abc');
      // 10:30 (new) before 10:00 (previous), Tokyo time.
      expect(mail.text.indexOf('10:30')).toBeGreaterThan(-1);
      expect(mail.text.indexOf('10:30')).toBeLessThan(mail.text.lastIndexOf('10:00'));
      expect(mail.attachments).toEqual([]);
    }
  });
});
