import pg from 'pg';
import { SIMULATOR_TEST_CARDS } from '@kippu/contract';
import { inject } from 'vitest';
import { describe, expect, expectNoAxeViolations, skipBrowserSuites, test } from '../fixtures.ts';
import { saveScreenshot } from '../screenshots.ts';
import { orderRecord } from './journey-database.ts';
import { answerChallenge, chooseMethod, toPayment } from './payment-steps.ts';
import { completePurchase, fillGmoCard, reservationNumber, tokyoDate } from './steps.ts';
import { text } from '../texts.ts';

/** The second processor's charge of the order, as the simulated processor keeps it (gateway_sim). */
async function card2Charge(orderToken: string) {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{
      merchant_id: string;
      status: string;
      challenged: boolean;
      device_profiled: boolean;
    }>(
      `SELECT t.merchant_id, t.status, t.challenged, t.device_profiled
       FROM gateway_sim.card2_transactions t
       JOIN payments p ON p.idempotency_key = t.order_id JOIN orders o ON o.id = p.order_id
       WHERE o.order_token = $1`,
      [orderToken],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * Issue 32 items 2 and 3 (ADR 101): SOFTBANK's card method with 3-D Secure goes through the second card
 * processor its settings declare, at phone width: the fraud-screening script loads on the payment screen,
 * the processor's token and 3-D Secure scripts tokenise the card, the issuer challenges, and the return
 * through gmo_3ds's callback completes the purchase. No GMO-PG call, one confirmed payment.
 */
describe.skipIf(skipBrowserSuites)('second card processor', () => {
  test('gmo_3ds on SOFTBANK in Traditional Chinese: the second processor, its challenge passed, complete', async ({
    page,
  }) => {
    const lang = 'zh-hant';
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const orderToken = await toPayment(page, lang, 'SOFTBANK', { date: tokyoDate(8), label: 'card2' });
    await chooseMethod(page, 'gmo_3ds');
    // The site's fraud-screening script loads with the payment screen, before any card is entered.
    await expect.poll(() => requested.includes('/simulator/fingerprint.js')).toBe(true);
    await fillGmoCard(page, lang, SIMULATOR_TEST_CARDS.challenge);
    await saveScreenshot(page, `payment-card2/payment-${lang}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: text(lang, 'payment_submit') })
      .click();
    await page.waitForURL(/#\/confirm/);
    expect(requested).toEqual(
      expect.arrayContaining([
        '/simulator/card2/token.js',
        '/simulator/card2/3ds.js',
        '/simulator/card2/tokens',
      ]),
    );
    expect(requested.some((path) => path.startsWith('/simulator/gmo/'))).toBe(false);
    await completePurchase(page, lang);

    await page.waitForURL(/\/simulator\/card2\/challenge\//);
    await saveScreenshot(page, 'payment-card2/challenge', { wholePage: false });
    await answerChallenge(page, true);

    const number = await reservationNumber(page);
    await expectNoAxeViolations(page);
    expect(await orderRecord(orderToken)).toEqual({
      status: 'reserved',
      payments: ['confirmed'],
      reservations: [number],
    });
    expect(await card2Charge(orderToken)).toEqual([
      {
        merchant_id: 'test-card2-merchant-softbank',
        status: 'captured',
        challenged: true,
        device_profiled: true,
      },
    ]);
  });

  test('gmo_3ds on AZABUDAI_BORDERLESS in English: the third processor, no challenge once its 3-D Secure script ran', async ({
    page,
  }) => {
    const lang = 'en';
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const orderToken = await toPayment(page, lang, 'AZABUDAI_BORDERLESS', {
      date: tokyoDate(9),
      label: 'card3',
    });
    await chooseMethod(page, 'gmo_3ds');
    await fillGmoCard(page, lang, SIMULATOR_TEST_CARDS.visa);
    await saveScreenshot(page, `payment-card2/payment-azabudai-${lang}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: text(lang, 'payment_submit') })
      .click();
    await page.waitForURL(/#\/confirm/);
    await completePurchase(page, lang);
    const number = await reservationNumber(page);
    expect(requested).toEqual(
      expect.arrayContaining([
        '/simulator/card3/token.js',
        '/simulator/card3/3ds.js',
        '/simulator/card3/3ds/method',
      ]),
    );
    // AZABUDAI_BORDERLESS declares no fingerprint script.
    expect(requested).not.toContain('/simulator/fingerprint.js');
    expect(await orderRecord(orderToken)).toEqual({
      status: 'reserved',
      payments: ['confirmed'],
      reservations: [number],
    });
    expect(await card2Charge(orderToken)).toEqual([
      { merchant_id: 'test_third_key_0000', status: 'captured', challenged: false, device_profiled: false },
    ]);
  });
});
