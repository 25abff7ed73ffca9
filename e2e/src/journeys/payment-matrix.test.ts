import type { Page } from 'playwright-core';
import type { LangCode, PaymentMethod, SiteCode } from '@kippu/contract';
import { afterAll } from 'vitest';
import {
  PHONE_VIEWPORT,
  describe,
  expect,
  expectNoAxeViolations,
  openPage,
  skipBrowserSuites,
  test,
} from '../fixtures.ts';
import { prepareOrderForPayment } from '../prepare-reservation.ts';
import { saveScreenshot } from '../screenshots.ts';
import { text } from '../texts.ts';
import { orderRecord, paymentsOf } from './journey-database.ts';
import { acknowledgePaymentDialog, payWith, type PayOutcome, type PaymentDialog } from './payment-steps.ts';
import { newVisitor, reservationNumber, storedOrderToken, tokyoDate } from './steps.ts';

/**
 * Issue 8's acceptance: in the demo, every web payment method a site enables can be paid, declined and
 * cancelled from the browser, in the six languages. One journey per method on a demo site that enables it,
 * at phone width: the visitor is refused or cancels first (each time back on the payment screen with the
 * dialog in their language and nothing charged), then pays on the same order (complete screen, one
 * confirmed payment, one reservation). `free` has its own journey (free-order.test.ts).
 *
 * The subject is the payment screen and the gateways, so each order is brought to payment over HTTP as the
 * visitor's own calls (hold, order form, confirmation mail; ADR 053) and the browser starts where the visitor
 * clicks the mailed link, which lands on payment; the order and sign-in screens are walked by the purchase
 * journeys.
 */

/** Where a case ends: the complete screen, or a dialog that leads back to payment. */
type Ending = 'complete' | PaymentDialog;

type Case = [PayOutcome, Ending];

interface Journey {
  method: PaymentMethod;
  site: SiteCode;
  lang: LangCode;
  /** Days from today (Tokyo) of the visit: a day the site is open. */
  day: number;
  /** Played in order on one order: every case but the last leaves it to be paid again. */
  cases: Case[];
}

/** A card entered on our payment screen: checkout refuses the declined card on confirm. No cancel. */
const CARD: Case[] = [
  ['decline', 'declined'],
  ['pay', 'complete'],
];
/** The same, with the issuer's 3-D Secure challenge failed (the retry dialog) and then passed. */
const CARD_3DS: Case[] = [
  ['decline', 'declined'],
  ['3ds-fail', 'retry'],
  ['3ds-pass', 'complete'],
];
/**
 * Stripe's card Element: the declined card refused on confirm; 3-D Secure failed (how a Stripe payment is
 * abandoned; the challenge card on `stripe`, any card on `stripe_secure`); then paid (`stripe_secure`
 * through the challenge).
 */
const STRIPE: Case[] = [
  ['decline', 'declined'],
  ['3ds-fail', 'retry'],
  ['pay', 'complete'],
];
/** Paid on the gateway's pages (wallets, SoftBank's card page, d払い): refused there, or cancelled there. */
const GATEWAY_PAGE: Case[] = [
  ['decline', 'retry'],
  ['cancel', 'canceled'],
  ['pay', 'complete'],
];
/**
 * SoftBank 3-D Secure: the card page's refusal and the failed challenge come back through
 * /payment-callback/sbps3ds, which confirms with the server: a refused card shows its payment_api_failure
 * dialog, a failed challenge the 3-D Secure retry dialog (as gmo_3ds); a cancel through the method's callback.
 */
const SOFTBANK_3DS: Case[] = [
  ['decline', 'declined'],
  ['cancel', 'canceled'],
  ['3ds-fail', 'retry'],
  ['3ds-pass', 'complete'],
];

/** Each web method on a demo site that enables it (seed/payment-methods.ts); each language several times. */
const JOURNEYS: Journey[] = [
  { method: 'gmo', site: 'DEMO', lang: 'th', day: 3, cases: CARD },
  { method: 'gmo_3ds', site: 'NISHINIPPON_DATE', lang: 'ja', day: 4, cases: CARD_3DS },
  { method: 'gmo_paypay', site: 'RUINS', lang: 'zh-hans', day: 5, cases: GATEWAY_PAGE },
  { method: 'alipay', site: 'OKINAWA', lang: 'kr', day: 6, cases: GATEWAY_PAGE },
  { method: 'stripe', site: 'DEMO', lang: 'zh-hant', day: 7, cases: STRIPE },
  { method: 'stripe_secure', site: 'BORDERLESS', lang: 'en', day: 8, cases: STRIPE },
  { method: 'softbank_credit', site: 'SOFTBANK', lang: 'th', day: 9, cases: GATEWAY_PAGE },
  { method: 'softbank_3ds', site: 'NISHINIPPON_PRODUCT', lang: 'kr', day: 10, cases: SOFTBANK_3DS },
  { method: 'softbank_alipay', site: 'SOFTBANK', lang: 'zh-hant', day: 11, cases: GATEWAY_PAGE },
  { method: 'softbank_paypay', site: 'SOFTBANK', lang: 'ja', day: 12, cases: GATEWAY_PAGE },
  { method: 'd_pay', site: 'AZABUDAI_BORDERLESS', lang: 'zh-hans', day: 13, cases: GATEWAY_PAGE },
];

/** The matrix as run, per journey: method × outcome × language → pass or fail, printed at the end. */
const results = new Map<PaymentMethod, string[]>();

/** Screen kinds axe has checked (once each is enough: the same screen in another state adds little). */
const checkedScreens = new Set<string>();

/** Each dialog on each screen kind is saved once, for people to look at (e2e/screenshots/payment-matrix). */
const screenshots = new Set<string>();

/** The screen kind of the page's address: its hash path without the method, status and query. */
function screenKind(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#\//, '').replace(/\?.*$/, '');
  return hash.startsWith('payment-callback/') && !/^payment-callback\/(gmo3ds|sbps3ds)$/.test(hash)
    ? 'payment-callback/:type/:status'
    : hash;
}

/** The callback screens a dialog shows over, and the texts they show the visitor meanwhile. */
const CALLBACK_SCREENS: Record<string, { testId: string; keys: string[] }> = {
  'payment-callback/:type/:status': { testId: 'payment-callback', keys: ['screen_payment_callback_title'] },
  'payment-callback/gmo3ds': { testId: 'gmo3ds-callback', keys: ['screen_gmo3ds_callback_title'] },
  'payment-callback/sbps3ds': {
    testId: 'sbps3ds-failed',
    keys: ['sbps3ds_failed_title', 'sbps3ds_failed_text', 'sbps3ds_retry'],
  },
};

/** Under the dialog: the callback screen's own texts, in the visitor's language. */
async function expectCallbackTexts(page: Page, lang: LangCode): Promise<void> {
  const screen = CALLBACK_SCREENS[screenKind(page)];
  if (!screen) return;
  for (const key of screen.keys) {
    await expect.poll(() => page.getByTestId(screen.testId).innerText()).toContain(text(lang, key));
  }
}

/** axe on this screen (with whatever dialog it shows) unless its kind was checked already. */
async function checkOnce(page: Page, label: string): Promise<void> {
  const kind = `${screenKind(page)}${label}`;
  if (checkedScreens.has(kind)) return;
  checkedScreens.add(kind);
  await expectNoAxeViolations(page);
}

/**
 * The journey's order held and mailed over HTTP, then the mailed link opened at phone width: on payment, the
 * order kept by the app. Answers the order token.
 */
async function toPayment(page: Page, journey: Journey): Promise<string> {
  const { method, site, lang } = journey;
  const order = await prepareOrderForPayment({
    site,
    lang,
    date: tokyoDate(journey.day),
    tickets: 1,
    email: newVisitor(lang, method).email,
  });
  expect(order.mailLinkPath, `${site} confirms the visitor's mail before payment`).toBeTruthy();
  await page.setViewportSize(PHONE_VIEWPORT);
  await openPage(page, order.mailLinkPath!);
  await page.waitForURL(/#\/payment/);
  expect(await storedOrderToken(page), 'the order token kept by the app').toBe(order.orderToken);
  return order.orderToken;
}

async function playCase(
  page: Page,
  journey: Journey,
  orderToken: string,
  outcome: PayOutcome,
  ending: Ending,
) {
  const { method, lang } = journey;
  const before = (await paymentsOf(orderToken)).length;
  await payWith(page, lang, method, outcome, {
    atDpayConfirm: () => checkOnce(page, ''),
  });
  const payments = await (async () => {
    if (ending === 'complete') {
      const number = await reservationNumber(page);
      await checkOnce(page, '');
      const record = await orderRecord(orderToken);
      expect(record).toMatchObject({ status: 'reserved', reservations: [number] });
      return paymentsOf(orderToken);
    }
    await acknowledgePaymentDialog(page, lang, ending, async () => {
      await expectCallbackTexts(page, lang);
      const shot = `${screenKind(page)} ${ending}`;
      if (!screenshots.has(shot)) {
        screenshots.add(shot);
        await saveScreenshot(page, `payment-matrix/${lang}-${method}-${outcome}`, { wholePage: false });
      }
      await checkOnce(page, ' dialog');
    });
    const record = await orderRecord(orderToken);
    expect(record, 'the order is back to be paid, without a reservation').toMatchObject({
      status: 'ready_checkout',
      reservations: [],
    });
    return paymentsOf(orderToken);
  })();
  // One new attempt of this method; exactly one confirmed payment after a success, none otherwise.
  expect(payments.map((payment) => payment.method)).toEqual(Array(before + 1).fill(method));
  const confirmed = payments.filter((payment) => payment.status === 'confirmed');
  expect(confirmed).toHaveLength(ending === 'complete' ? 1 : 0);
  if (ending !== 'complete') expect(['failed', 'canceled']).toContain(payments.at(-1)!.status);
}

describe.skipIf(skipBrowserSuites)('every web payment method: paid, declined, cancelled (issue 8)', () => {
  afterAll(() => {
    const rows = JOURNEYS.flatMap((journey) => results.get(journey.method) ?? []);
    console.info(`[payment-matrix]\n${rows.join('\n')}\naxe: ${[...checkedScreens].join(', ')}`);
  });

  for (const journey of JOURNEYS) {
    const { method, site, lang } = journey;
    const steps = journey.cases.map(([outcome, ending]) => `${outcome} → ${ending}`).join(', ');
    test(`${method} on ${site} in ${lang}: ${steps}`, { timeout: 150_000 }, async ({ page }) => {
      const log: string[] = [];
      results.set(method, log);
      const setUp = Date.now();
      const orderToken = await toPayment(page, journey);
      log.push(`${method}\tset-up\t${lang}\t\t\t${Date.now() - setUp} ms`);
      for (const [outcome, ending] of journey.cases) {
        const started = Date.now();
        try {
          await playCase(page, journey, orderToken, outcome, ending);
          log.push(`${method}\t${outcome}\t${lang}\tpass\t${ending}\t${Date.now() - started} ms`);
        } catch (error) {
          log.push(`${method}\t${outcome}\t${lang}\tFAIL\t${ending}\t${Date.now() - started} ms`);
          throw error;
        }
      }
    });
  }
});
