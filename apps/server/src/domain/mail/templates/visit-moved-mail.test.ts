import { describe, expect, it } from 'vitest';
import { LANG_CODES } from '@kippu/contract';
import { renderMail } from './render-mail.ts';

const payload = {
  siteName: 'Demo Museum',
  reservationNumber: 'ABCDE12345',
  productName: 'Timed entry',
  productType: 'time' as const,
  startsAt: '2027-06-09T01:30:00.000Z',
  endsAt: '2027-06-09T02:00:00.000Z',
  previousStartsAt: '2027-06-08T01:00:00.000Z',
  previousEndsAt: '2027-06-08T01:30:00.000Z',
  ticketUrl: 'https://kippu.test/demo/?lang=en#/id/abc',
};

/** The visit_moved mail (ADR 079): a run moved the visit out of a closed slot; the holder's has the link. */
describe('the visit_moved mail', () => {
  it('renders in every language: new time first, the closed one below, the link and its deadline', () => {
    for (const lang of LANG_CODES) {
      const mail = renderMail(
        {
          kind: 'visit_moved',
          siteCode: 'DEMO',
          to: 'kenji@example.jp',
          lang,
          payload: {
            ...payload,
            choiceUrl: 'https://kippu.test/demo/?lang=en#/moved-visit/tok',
            // 00:00 Tokyo on the new day.
            choiceUntil: '2027-06-08T15:00:00.000Z',
          },
        },
        { uidHost: 'kippu.test' },
      );
      expect(mail.subject).toContain('ABCDE12345');
      expect(mail.text).toContain(payload.ticketUrl);
      expect(mail.text).toContain('https://kippu.test/demo/?lang=en#/moved-visit/tok');
      expect(mail.html).toContain('href="https://kippu.test/demo/?lang=en#/moved-visit/tok"');
      // The deadline in Tokyo time, and the new visit (10:30) before the closed one (10:00).
      expect(mail.text).toContain('00:00');
      expect(mail.text.indexOf('10:30')).toBeGreaterThan(-1);
      expect(mail.text.indexOf('10:30')).toBeLessThan(mail.text.lastIndexOf('10:00'));
      expect(mail.text).not.toMatch(/\{(deadline|url|site|number)\}/);
    }
  });

  it("a companion's mail has no self-service link", () => {
    const mail = renderMail(
      { kind: 'visit_moved', siteCode: 'DEMO', to: 'friend@example.jp', lang: 'ja', payload },
      { uidHost: 'kippu.test' },
    );
    expect(mail.text).not.toContain('moved-visit');
    expect(mail.subject).toContain('ABCDE12345');
  });
});
