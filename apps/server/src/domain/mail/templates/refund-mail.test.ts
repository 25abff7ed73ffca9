import { describe, expect, it } from 'vitest';
import { LANG_CODES } from '@kippu/contract';
import { renderMail } from './render-mail.ts';

describe('refund issued mail', () => {
  const mail = (lang: (typeof LANG_CODES)[number]) =>
    renderMail(
      {
        kind: 'refund_issued',
        siteCode: 'DEMO',
        to: 'hanako@example.jp',
        lang,
        payload: {
          siteName: 'Demo Museum',
          reservationNumber: 'ABCDE12345',
          productName: 'Day pass',
          amount: 1850,
          ticketCount: 2,
          returnNoteNumber: 'HDEMO-000042',
          returnNoteUrl: 'https://tickets.example/demo/?lang=en#/id/tok/return-notes/HDEMO-000042',
          ticketUrl: 'https://tickets.example/demo/?lang=en#/id/tok',
        },
      },
      { uidHost: 'tickets.example' },
    );

  it('says how much went back, links the return note and the ticket page, in every language', () => {
    for (const lang of LANG_CODES) {
      const rendered = mail(lang);
      expect(rendered.subject).toContain('ABCDE12345');
      expect(rendered.text).toContain('HDEMO-000042');
      expect(rendered.text).toMatch(/1,850/);
      expect(rendered.html).toContain(
        'href="https://tickets.example/demo/?lang=en#/id/tok/return-notes/HDEMO-000042"',
      );
      expect(rendered.text).toContain('https://tickets.example/demo/?lang=en#/id/tok');
    }
    expect(mail('ja').subject).toBe('【Demo Museum】返金のお知らせ（予約番号 ABCDE12345）');
  });
});
