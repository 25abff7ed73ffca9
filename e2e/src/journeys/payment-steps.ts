import type { Page } from 'playwright-core';
import {
  SIMULATOR_TEST_CARDS,
  siteSlug,
  type LangCode,
  type PaymentMethod,
  type SiteCode,
} from '@kippu/contract';
import {
  DPAY_TEST_ACCOUNTS,
  STRIPE_SIMULATOR_ELEMENT_LABELS,
  STRIPE_TEST_CARDS,
} from '@kippu/contract/stripe-test-cards';
import { PHONE_VIEWPORT, expect, openPage } from '../fixtures.ts';
import { text } from '../texts.ts';
import {
  chooseTickets,
  completePurchase,
  confirmMail,
  fillGmoCard,
  newVisitor,
  signIn,
  storedOrderToken,
} from './steps.ts';

/**
 * Paying on the payment screen with any web method, and what the visitor does on the gateway simulator's
 * own pages (the card issuer's 3-D Secure challenge, the wallet cashiers, SoftBank's link pages, the d払い
 * carrier). Those pages are the gateways' and bilingual (Japanese / English) whatever the shop's language,
 * so their buttons are found by their English half; everything on Kippu's own screens by the visitor's
 * language (texts.ts).
 */

/** What the visitor does with a payment: pays, is declined, cancels, or passes or fails 3-D Secure. */
export type PayOutcome = 'pay' | 'decline' | 'cancel' | '3ds-pass' | '3ds-fail';

/** Opens `site` at phone width, chooses tickets, signs in and confirms the mail: on payment; the order token. */
export async function toPayment(
  page: Page,
  lang: LangCode,
  site: SiteCode,
  { date, tickets = 1, label = 'payer' }: { date: string; tickets?: number; label?: string },
): Promise<string> {
  const visitor = newVisitor(lang, label);
  await page.setViewportSize(PHONE_VIEWPORT);
  await openPage(page, `/${siteSlug(site)}/?lang=${lang}`);
  await chooseTickets(page, lang, { date, tickets });
  await signIn(page, visitor);
  await confirmMail(page, visitor);
  const orderToken = await storedOrderToken(page);
  expect(orderToken, 'the order token kept by the app').toBeTruthy();
  return orderToken!;
}

/** On the payment screen: chooses `method` (its radio), waiting until the screen offers it. */
export async function chooseMethod(page: Page, method: PaymentMethod): Promise<void> {
  const radio = page.getByRole('main').locator(`input[type="radio"][value="${method}"]`);
  await radio.waitFor();
  if (!(await radio.isChecked())) await radio.check();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

/** Stripe's card Element (the simulator's, labelled in the page's language as Stripe's is): fills it in. */
export async function fillStripeCard(page: Page, lang: LangCode, card: string): Promise<void> {
  const main = page.getByRole('main');
  const [number, expiry, cvc] = STRIPE_SIMULATOR_ELEMENT_LABELS[lang];
  await main.getByRole('textbox', { name: number, exact: true }).fill(card);
  await main.getByRole('textbox', { name: expiry, exact: true }).fill('12 / 34');
  await main.getByRole('textbox', { name: cvc, exact: true }).fill('123');
  await main.getByRole('textbox', { name: text(lang, 'payment_card_name') }).fill('HANAKO YAMADA');
}

const CARD_METHODS = new Set<PaymentMethod>(['gmo', 'gmo_3ds']);
const STRIPE_METHODS = new Set<PaymentMethod>(['stripe', 'stripe_secure']);
const GMO_WALLETS = new Set<PaymentMethod>(['gmo_paypay', 'alipay']);
const SOFTBANK_CARDS = new Set<PaymentMethod>(['softbank_credit', 'softbank_3ds']);
const SOFTBANK_WALLETS = new Set<PaymentMethod>(['softbank_paypay', 'softbank_alipay']);

/** The GMO test card for an outcome: the challenge card asks for 3-D Secure on gmo_3ds. */
function gmoCard(outcome: PayOutcome): string {
  if (outcome === 'decline') return SIMULATOR_TEST_CARDS.decline;
  return outcome === '3ds-pass' || outcome === '3ds-fail'
    ? SIMULATOR_TEST_CARDS.challenge
    : SIMULATOR_TEST_CARDS.visa;
}

/** The Stripe test card: stripe_secure challenges every card, stripe only the challenge card. */
function stripeCard(method: PaymentMethod, outcome: PayOutcome): string {
  if (outcome === 'decline') return STRIPE_TEST_CARDS.decline;
  return method === 'stripe' && outcome !== 'pay' ? STRIPE_TEST_CARDS.challenge : STRIPE_TEST_CARDS.success;
}

/**
 * From the payment screen: chooses `method`, enters the card where the method takes one on our screen,
 * continues to confirm and checks out. Answers on the confirm screen after the checkout click; the browser
 * may then be leaving for the gateway.
 */
async function checkOutWith(page: Page, lang: LangCode, method: PaymentMethod, outcome: PayOutcome) {
  await chooseMethod(page, method);
  if (CARD_METHODS.has(method)) await fillGmoCard(page, lang, gmoCard(outcome));
  if (STRIPE_METHODS.has(method)) await fillStripeCard(page, lang, stripeCard(method, outcome));
  await page
    .getByRole('main')
    .getByRole('button', { name: text(lang, 'payment_submit') })
    .click();
  await page.waitForURL(/#\/confirm/);
  await completePurchase(page, lang);
}

/** The 3-D Secure challenge of any issuer the simulator plays (GMO, Stripe, SoftBank): pass or fail. */
export async function answerChallenge(page: Page, pass: boolean): Promise<void> {
  const gateway = page.locator('main');
  const button = pass
    ? gateway.getByRole('button', { name: /Authenticate|Complete authentication/ })
    : gateway.getByRole('button', { name: /Fail authentication/ });
  await button.click();
}

/** A wallet's approval page (GMO's cashier, SoftBank's PayPay and Alipay). */
async function answerWallet(page: Page, outcome: PayOutcome): Promise<void> {
  const gateway = page.locator('main');
  const name = outcome === 'pay' ? /Approve$/ : outcome === 'decline' ? /Decline/ : /Cancel$/;
  await gateway.getByRole('button', { name }).click();
}

/** SoftBank's card page: the card for the outcome, or its cancel; then the 3-D Secure challenge if asked. */
async function answerSoftbankCard(page: Page, method: PaymentMethod, outcome: PayOutcome): Promise<void> {
  const gateway = page.locator('main');
  if (outcome === 'cancel') {
    await gateway.getByRole('button', { name: /Cancel$/ }).click();
    return;
  }
  const challenge = method === 'softbank_3ds' && (outcome === '3ds-pass' || outcome === '3ds-fail');
  const card =
    outcome === 'decline'
      ? SIMULATOR_TEST_CARDS.decline
      : challenge
        ? SIMULATOR_TEST_CARDS.challenge
        : SIMULATOR_TEST_CARDS.visa;
  await gateway.getByRole('textbox', { name: /Card number/ }).fill(card);
  await gateway.getByRole('textbox', { name: /Expiry/ }).fill('3012');
  await gateway.getByRole('textbox', { name: /Security code/ }).fill('123');
  await gateway.getByRole('button', { name: /Pay$/ }).click();
  if (challenge) await answerChallenge(page, outcome === '3ds-pass');
}

/**
 * d払い: the carrier's login (a test account: paying or declined; or cancel), our /d-pay-confirm screen
 * (its state checked) and the carrier's payment page, then back to the shop.
 */
async function answerDpay(
  page: Page,
  lang: LangCode,
  outcome: PayOutcome,
  atDpayConfirm?: () => Promise<void>,
): Promise<void> {
  await page.waitForURL(/\/simulator\/dpay\/authorize\?/);
  const carrier = page.locator('main');
  if (outcome === 'cancel') {
    await carrier.getByRole('button', { name: /Cancel$/ }).click();
    return;
  }
  const account = outcome === 'decline' ? DPAY_TEST_ACCOUNTS.decline : DPAY_TEST_ACCOUNTS.success;
  await carrier.getByLabel(/d ACCOUNT ID/).selectOption(account);
  await carrier.getByRole('button', { name: /Log in$/ }).click();
  await page.waitForURL(/#\/d-pay-confirm\?state=/);
  const send = page.getByRole('main').getByRole('button', { name: text(lang, 'dpay_confirm_submit') });
  await send.waitFor();
  await atDpayConfirm?.();
  await send.click();
  await page.waitForURL(/\/simulator\/dpay\/payment/);
  await carrier.getByRole('button', { name: /Pay$/ }).click();
  await carrier.getByRole('button', { name: /Return to the shop$/ }).click();
}

/**
 * Pays with `method` from the payment screen to the end of the gateway's pages: answers once the browser is
 * on its way back to the shop (a callback screen, the complete screen, or a dialog on confirm).
 * `atDpayConfirm` runs on the d払い confirm screen, before the payment is sent (checks of that screen).
 */
export async function payWith(
  page: Page,
  lang: LangCode,
  method: PaymentMethod,
  outcome: PayOutcome,
  { atDpayConfirm }: { atDpayConfirm?: () => Promise<void> } = {},
): Promise<void> {
  await checkOutWith(page, lang, method, outcome);
  // Declined cards are refused by checkout itself, on confirm: nothing to do at a gateway.
  const refusedAtCheckout = outcome === 'decline' && (CARD_METHODS.has(method) || STRIPE_METHODS.has(method));
  if (refusedAtCheckout) return;
  if (method === 'gmo_3ds' || STRIPE_METHODS.has(method)) {
    const challenged = method === 'stripe_secure' || outcome === '3ds-pass' || outcome === '3ds-fail';
    if (!challenged) return;
    await page.waitForURL(/\/simulator\/(gmo\/tds2\/challenge|stripe\/3ds)\//);
    await answerChallenge(page, outcome === 'pay' || outcome === '3ds-pass');
    return;
  }
  if (GMO_WALLETS.has(method)) {
    await page.waitForURL(/\/simulator\/gmo\/wallet\/start/);
    await answerWallet(page, outcome);
    return;
  }
  if (SOFTBANK_WALLETS.has(method) || SOFTBANK_CARDS.has(method)) {
    await page.waitForURL(/\/simulator\/sbps\//);
    if (SOFTBANK_WALLETS.has(method)) await answerWallet(page, outcome);
    else await answerSoftbankCard(page, method, outcome);
    return;
  }
  if (method === 'd_pay') await answerDpay(page, lang, outcome, atDpayConfirm);
}

/**
 * The dialogs that send a visitor back to pay again: `declined` (checkout refused the card:
 * payment_api_failure), `retry` (back from a gateway without a payment) and `canceled` (the visitor
 * cancelled at the gateway). Both gateway dialogs share the retry title and OK button.
 */
export type PaymentDialog = 'declined' | 'retry' | 'canceled';

const DIALOG_TEXTS: Record<PaymentDialog, { title: string; text: string; ok: string }> = {
  declined: {
    title: 'error_dialog_payment_api_failure_title',
    text: 'error_dialog_payment_api_failure_text',
    ok: 'error_dialog_ok',
  },
  retry: { title: 'payment_retry_title', text: 'payment_retry_text', ok: 'payment_retry_ok' },
  canceled: { title: 'payment_retry_title', text: 'payment_canceled_text', ok: 'payment_retry_ok' },
};

/** Waits for the payment dialog `kind` in `lang` (title and text), runs `whileOpen`, then OK: back on payment. */
export async function acknowledgePaymentDialog(
  page: Page,
  lang: LangCode,
  kind: PaymentDialog,
  whileOpen?: () => Promise<void>,
): Promise<void> {
  const texts = DIALOG_TEXTS[kind];
  const dialog = page.getByRole('dialog', { name: text(lang, texts.title) });
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  await expect.poll(() => dialog.innerText()).toContain(text(lang, texts.text));
  await whileOpen?.();
  await dialog.getByRole('button', { name: text(lang, texts.ok) }).click();
  await page.waitForURL(/#\/payment(\?|$)/);
  await expect(dialog.isVisible()).resolves.toBe(false);
}
