import { formatPrice, type CheckoutBody, type CheckoutResponse } from '@kippu/contract';
import type { Page } from 'playwright-core';
import { describe, expect, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { pattern, text } from '../texts.ts';
import { paymentsOf } from './journey-database.ts';
import {
  applyCoupon,
  checkScreen,
  chooseTickets,
  completePurchase,
  confirmMail,
  newVisitor,
  payByCard,
  reservationNumber,
  signIn,
  storedOrderToken,
  tokyoDate,
} from './steps.ts';

const lang = 'en';
const NOTHING = formatPrice(0, lang);

/** Completes the purchase on confirm and answers the checkout call as the browser sent it and the server answered. */
async function checkOut(page: Page): Promise<{ body: CheckoutBody; answer: CheckoutResponse }> {
  const checkout = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/api\/v1\/orders\/checkout\//.test(request.url()),
  );
  await completePurchase(page, lang);
  const request = await checkout;
  const response = await request.response();
  expect(response?.status()).toBe(200);
  return {
    body: request.postDataJSON() as CheckoutBody,
    answer: (await response!.json()) as CheckoutResponse,
  };
}

/** From the complete screen to the ticket page: one QR code per ticket, the reservation number shown. */
async function openTickets(page: Page, number: string, tickets: number): Promise<void> {
  await page.getByRole('link', { name: text(lang, 'complete_go_to_ticket') }).click();
  await page.waitForURL(/#\/id\//);
  await expect
    .poll(() => page.getByRole('img', { name: pattern(lang, 'ticket_qr_alt') }).count())
    .toBe(tickets);
  await expect.poll(() => page.getByRole('main').innerText()).toContain(number);
}

/** Issue 6, "Tests": a free order, from the order screen to the ticket page, with no card anywhere. */
describe.skipIf(skipBrowserSuites)('a free order on DEMO', () => {
  test('the free preview: payment offers only free, checkout is reserved without a card, the ticket page', async ({
    page,
  }) => {
    const visitor = newVisitor(lang, 'free-preview');
    const screens: string[] = [];
    await openPage(page, '/demo/?lang=en');
    await chooseTickets(page, lang, { date: tokyoDate(2), product: /^Free preview/, tickets: 2 });
    await signIn(page, visitor);
    await confirmMail(page, visitor);

    // Nothing to choose and nothing to enter: no method list, no card fields, only "free".
    const main = page.getByRole('main');
    await expect.poll(() => main.innerText()).toContain(text(lang, 'payment_free_text'));
    expect(await main.getByRole('radio').count()).toBe(0);
    expect(await main.getByRole('textbox').count()).toBe(0);
    expect(await main.getByRole('group', { name: text(lang, 'payment_method_legend') }).count()).toBe(0);
    await checkScreen(page, screens, 'payment');
    await main.getByRole('button', { name: text(lang, 'payment_submit') }).click();
    await page.waitForURL(/#\/confirm/);

    const orderToken = (await storedOrderToken(page))!;
    await expect.poll(() => page.getByTestId('confirm-total').innerText()).toBe(NOTHING);
    expect(await main.innerText()).toContain(text(lang, 'confirm_payment_free'));
    await checkScreen(page, screens, 'confirm');
    const { body, answer } = await checkOut(page);
    expect(body).toEqual({ payment_method_type: 'free' });
    expect(answer.status).toBe('reserved');

    const number = await reservationNumber(page);
    expect(answer).toMatchObject({ reservation_number: number });
    await checkScreen(page, screens, 'complete');
    for (const payment of await paymentsOf(orderToken)) {
      expect(payment, 'nothing charged').toMatchObject({ method: 'free', amount: 0 });
    }
    await openTickets(page, number, 2);
    await checkScreen(page, screens, 'ticket');
    expect(screens).toEqual(['payment', 'confirm', 'complete', 'ticket']);
  });

  test('DEMO-FREE after a card was given: the total becomes 0, checkout is free and the card is never charged', async ({
    page,
  }) => {
    const visitor = newVisitor(lang, 'demo-free');
    await openPage(page, '/demo/?lang=en');
    await chooseTickets(page, lang, { date: tokyoDate(3), product: /^Timed entry ticket/, tickets: 1 });
    await signIn(page, visitor);
    await confirmMail(page, visitor);
    await payByCard(page, lang);

    const orderToken = (await storedOrderToken(page))!;
    const total = page.getByTestId('confirm-total');
    await expect.poll(() => total.innerText()).not.toBe(NOTHING);
    await applyCoupon(page, lang, 'DEMO-FREE');
    await expect.poll(() => total.innerText()).toBe(NOTHING);
    const main = page.getByRole('main');
    expect(await main.innerText()).toContain(text(lang, 'confirm_payment_free'));
    const { body, answer } = await checkOut(page);
    expect(body).toEqual({ payment_method_type: 'free' });
    expect(answer.status).toBe('reserved');

    const number = await reservationNumber(page);
    for (const payment of await paymentsOf(orderToken)) {
      expect(payment, 'the card given on payment is not charged').toMatchObject({
        method: 'free',
        amount: 0,
      });
    }
    await openTickets(page, number, 1);
  });
});
