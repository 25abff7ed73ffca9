import { describe, expect, expectNoAxeViolations, skipBrowserSuites, test } from '../fixtures.ts';
import { orderRecord } from './journey-database.ts';
import { payWith, toPayment } from './payment-steps.ts';
import { reservationNumber, tokyoDate } from './steps.ts';

/**
 * Issue 8, SoftBank Payment Service (ADR 027): the link type through the gateway simulator's own pages, at
 * phone width. 3-D Secure with the challenge passed ends on the complete page through
 * /payment-callback/sbps3ds and confirmcheckout; PayPay approved on the wallet page.
 */
describe.skipIf(skipBrowserSuites)('SoftBank Payment Service', () => {
  test('softbank_3ds in Japanese: challenge passed, complete; one confirmed payment', async ({ page }) => {
    const lang = 'ja';
    const orderToken = await toPayment(page, lang, 'SOFTBANK', {
      date: tokyoDate(6),
      tickets: 2,
      label: 'sbps3ds',
    });
    await payWith(page, lang, 'softbank_3ds', '3ds-pass');

    const number = await reservationNumber(page);
    await expectNoAxeViolations(page);
    expect(await orderRecord(orderToken)).toEqual({
      status: 'reserved',
      payments: ['confirmed'],
      reservations: [number],
    });
  });

  test('softbank_paypay in English: approved on the wallet page, complete', async ({ page }) => {
    const lang = 'en';
    const orderToken = await toPayment(page, lang, 'SOFTBANK', { date: tokyoDate(7), label: 'sbpspaypay' });
    await payWith(page, lang, 'softbank_paypay', 'pay');
    // Back on the site: the callback screen of the method (the shared payment-callback screen).
    await page.waitForURL(/#\/payment-callback\/softbank_paypay\/success/);
    expect((await orderRecord(orderToken)).status).toBe('reserved');
  });
});
