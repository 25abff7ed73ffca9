import { describe, expect, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { text } from '../texts.ts';
import { orderRecord } from './journey-database.ts';
import {
  TEST_CARDS,
  acknowledgeErrorDialog,
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

/**
 * Issue 6: a declined card shows its localized dialog and the visitor can pay again. The gateway
 * simulator declines 4000000000000002 at authorisation (checkout), not when the card is tokenised.
 */
describe.skipIf(skipBrowserSuites)('a declined card', () => {
  test('in Korean: the decline dialog, OK returns to payment, the success card completes; one reservation, one failed and one confirmed payment', async ({
    page,
  }) => {
    const lang = 'kr';
    const visitor = newVisitor(lang, 'decline');
    await openPage(page, `/borderless/?lang=${lang}`);
    await chooseTickets(page, lang, { date: tokyoDate(6), tickets: 2 });
    await signIn(page, visitor);
    await confirmMail(page, visitor);
    const orderToken = (await storedOrderToken(page))!;
    expect(orderToken).toBeTruthy();

    await payByCard(page, lang, TEST_CARDS.decline);
    await completePurchase(page, lang);
    const dialog = page.getByRole('dialog', { name: text(lang, 'error_dialog_payment_api_failure_title') });
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.innerText()).toContain(text(lang, 'error_dialog_payment_api_failure_text'));
    await acknowledgeErrorDialog(page, lang, 'payment_api_failure');
    await page.waitForURL(/#\/payment/);
    expect(await orderRecord(orderToken)).toEqual({
      status: 'ready_checkout',
      payments: ['failed'],
      reservations: [],
    });

    await payByCard(page, lang, TEST_CARDS.success);
    await completePurchase(page, lang);
    const number = await reservationNumber(page);
    expect(await orderRecord(orderToken)).toEqual({
      status: 'reserved',
      payments: ['failed', 'confirmed'],
      reservations: [number],
    });
  });
});
