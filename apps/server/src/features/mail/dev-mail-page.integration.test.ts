import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { enqueueMail } from '../../domain/mail/enqueue-mail.ts';

const PURCHASE = {
  siteName: 'Demo <Museum>',
  reservationNumber: 'K7MQ2XH9PA',
  productName: 'Entry',
  productType: 'time' as const,
  startsAt: '2026-12-05T01:00:00.000Z',
  endsAt: '2026-12-05T01:30:00.000Z',
  ticketUrl: 'http://localhost:3000/demo/#/id/reservation-token',
  lines: [{ name: 'Adult', quantity: 2, unitPrice: 3800 }],
  discount: 0,
  total: 7600,
};

describe('development mail page', () => {
  const ctx = setupTestApp();

  async function queue() {
    return ctx.db.transaction(async (tx) => {
      const confirmation = await enqueueMail(tx, {
        kind: 'mail_confirmation',
        siteCode: 'DEMO',
        to: 'first@example.com',
        lang: 'en',
        payload: {
          confirmUrl: 'http://localhost:3000/demo/#/mail-confirm?token=abc',
          siteName: 'Demo',
          expiresAt: '2026-12-04T03:20:00.000Z',
        },
      });
      const purchase = await enqueueMail(tx, {
        kind: 'purchase_confirmation',
        siteCode: 'DEMO',
        to: 'second@example.com',
        lang: 'ja',
        payload: PURCHASE,
      });
      return { confirmation, purchase };
    });
  }

  it('lists the mails newest first with subject, recipient, status, and previews the newest with its links', async () => {
    const { confirmation, purchase } = await queue();
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/mails' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const page = res.body;
    expect(page.indexOf('second@example.com')).toBeLessThan(page.indexOf('first@example.com'));
    expect(page).toContain('Confirm your email address to continue your booking');
    expect(page).toContain('ご予約完了のお知らせ');
    expect(page).toContain('pending');
    // The newest is shown: its frame, its link and its calendar file.
    expect(page).toContain(`<iframe title="Mail preview" src="/dev/mails/${purchase}"`);
    expect(page).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(page).toContain('href="http://localhost:3000/demo/#/id/reservation-token"');
    expect(page).toContain(`/dev/mails/${purchase}/attachments/0`);
    // The payload's text is escaped on the page.
    expect(page).not.toContain('Demo <Museum>');

    const other = await ctx.app.inject({ method: 'GET', url: `/dev/mails?id=${confirmation}` });
    expect(other.body).toContain(`src="/dev/mails/${confirmation}"`);
    expect(other.body).toContain('href="http://localhost:3000/demo/#/mail-confirm?token=abc"');
  });

  it('serves a mail as its own page that only the list may frame, with links opening outside the frame', async () => {
    const { purchase } = await queue();
    const res = await ctx.app.inject({ method: 'GET', url: `/dev/mails/${purchase}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<base target="_blank">');
    expect(res.body).toContain('K7MQ2XH9PA');
  });

  it('serves the plain text and the calendar attachment', async () => {
    const { purchase } = await queue();
    const text = await ctx.app.inject({ method: 'GET', url: `/dev/mails/${purchase}/text` });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toContain('K7MQ2XH9PA');
    const ics = await ctx.app.inject({ method: 'GET', url: `/dev/mails/${purchase}/attachments/0` });
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.headers['content-disposition']).toBe('attachment; filename="K7MQ2XH9PA.ics"');
    expect(ics.body).toContain('UID:K7MQ2XH9PA@localhost');
  });

  it('answers 404 for a mail or file that is not there, and for a bad id', async () => {
    for (const url of [
      '/dev/mails/999999',
      '/dev/mails/999999/text',
      '/dev/mails/1/attachments/5',
      '/dev/mails/abc',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json().error, url).toBeDefined();
    }
  });
});

describe('development mail page in production', () => {
  const ctx = setupTestApp({
    NODE_ENV: 'production',
    APP_SECRET: 'a-production-secret-of-at-least-32-characters',
    SECRETS_KEY: randomBytes(32).toString('base64'),
  });

  it('is off: 404 for the list and for every mail', async () => {
    await ctx.db.transaction((tx) =>
      enqueueMail(tx, {
        kind: 'purchase_confirmation',
        siteCode: 'DEMO',
        to: 'a@example.com',
        lang: 'en',
        payload: PURCHASE,
      }),
    );
    for (const url of ['/dev/mails', '/dev/mails/1', '/dev/mails/1/text', '/dev/mails/1/attachments/0']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('K7MQ2XH9PA');
    }
  });
});
