import type { Locator, Page } from 'playwright-core';
import { SIMULATOR_TEST_CARDS, addDays, toTokyoDateString, type LangCode } from '@kippu/contract';
import { expect, expectNoAxeViolations } from '../fixtures.ts';
import { pattern, text } from '../texts.ts';

/**
 * The steps of the booking journey as a visitor takes them, in any language: every control is found by
 * the text the visitor reads (from the locale files), never by a hard-coded English label.
 */

export interface Visitor {
  lang: LangCode;
  email: string;
  fullName: string;
}

export function newVisitor(lang: LangCode, label = 'visitor'): Visitor {
  return {
    lang,
    email: `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
    fullName: 'Hanako Yamada',
  };
}

/** A date in Tokyo, `days` from today, as yyyy-MM-dd. */
export function tokyoDate(days: number): string {
  return addDays(toTokyoDateString(new Date()), days);
}

/** Runs axe on every screen a journey passes; `screens` records which were checked. */
export async function checkScreen(page: Page, screens: string[], name: string): Promise<void> {
  await expectNoAxeViolations(page);
  screens.push(name);
}

async function visible(locator: Locator): Promise<boolean> {
  return locator.isVisible().catch(() => false);
}

/** Clicks the day `date` (yyyy-MM-dd) on the order calendar, paging to its month if needed. */
async function chooseDate(page: Page, lang: LangCode, date: string): Promise<void> {
  const grid = page.getByRole('grid');
  const day = grid.locator(`button[data-date="${date}"]`);
  if (!(await visible(day))) {
    await page.getByRole('button', { name: text(lang, 'order_calendar_next_month') }).click();
  }
  await expect.poll(() => day.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('false');
  await day.click();
}

/**
 * The order screen in either procedure (product before date, or date before product): chooses the
 * date `date`, the product named `product` (or the first one), the first time, then `tickets` of the
 * first ticket type, and continues (after `beforeContinue`, e.g. checking the filled-in screen). Answers once
 * the next screen's address is reached.
 */
export async function chooseTickets(
  page: Page,
  lang: LangCode,
  options: { date: string; product?: RegExp; tickets: number; beforeContinue?: () => Promise<void> },
): Promise<void> {
  const main = page.getByRole('main');
  const addOne = main.getByRole('button', { name: pattern(lang, 'order_add_one') });
  const productSection = main.getByRole('radiogroup', { name: text(lang, 'order_section_product') });
  const times = main.getByRole('radiogroup', { name: text(lang, 'order_slots_label') });
  let dateChosen = false;
  let productChosen = false;
  for (let round = 0; round < 8 && !(await visible(addOne.first())); round++) {
    if (!dateChosen && (await visible(page.getByRole('grid')))) {
      await chooseDate(page, lang, options.date);
      dateChosen = true;
    } else if (!productChosen && (await visible(productSection))) {
      // The radio is named by the product (aria-labelledby); it holds no text of its own to filter on.
      await productSection.getByRole('radio', { name: options.product }).first().click();
      productChosen = true;
    } else if (await visible(times)) {
      await times.getByRole('radio').first().click();
    } else {
      // Nothing to choose yet: wait for the screen's next step to show (the day's times after a date, ...).
      let next = addOne.first().or(times);
      if (!dateChosen) next = next.or(page.getByRole('grid'));
      if (!productChosen) next = next.or(productSection);
      await next
        .first()
        .waitFor({ state: 'visible' })
        .catch(() => undefined);
    }
  }
  for (let i = 0; i < options.tickets; i++) await addOne.first().click();
  await options.beforeContinue?.();
  await main.getByRole('button', { name: text(lang, 'order_continue'), exact: true }).click();
  await page.waitForURL(/#\/(sign-in|membership-login|payment)/);
}

/**
 * Fills the sign-in form the site shows (required fields and e-mail twice) and submits it; with
 * `mailMagazine`, also ticks the site's newsletter box (its purchase mail then carries an unsubscribe link).
 */
export async function signIn(
  page: Page,
  visitor: Visitor,
  { mailMagazine = false }: { mailMagazine?: boolean } = {},
): Promise<void> {
  const { lang } = visitor;
  const main = page.getByRole('main');
  const field = (key: string) => main.getByRole('textbox', { name: text(lang, key), exact: true });
  await field('signin_field_email').fill(visitor.email);
  await field('signin_field_email_confirm').fill(visitor.email);
  if (await visible(field('signin_field_fullname')))
    await field('signin_field_fullname').fill(visitor.fullName);
  if (await visible(field('signin_field_phone'))) await field('signin_field_phone').fill('090-1234-5678');
  if (await visible(field('signin_field_address'))) await field('signin_field_address').fill('1-1 Chiyoda');
  if (mailMagazine) await main.getByRole('checkbox', { name: text(lang, 'signin_mail_magazine') }).check();
  await main
    .getByRole('button', {
      name: new RegExp(`^(${text(lang, 'signin_submit_mail')}|${text(lang, 'signin_submit')})$`),
    })
    .click();
  await page.waitForURL(/#\/(sended-mail|payment)/);
}

/**
 * Reads the newest mail to `email` on the development mail page, as a visitor trying the demo would,
 * and answers the first link in it that matches `href`.
 */
export async function linkInMail(page: Page, email: string, href: RegExp): Promise<string> {
  const mails = await page.context().newPage();
  try {
    let link: string | null = null;
    await expect
      .poll(
        async () => {
          await mails.goto('/dev/mails');
          const entry = mails.getByRole('link', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).first();
          if (!(await visible(entry))) return null;
          await entry.click();
          const anchors = mails.frameLocator('iframe').locator('a[href]');
          for (const anchor of await anchors.all()) {
            const candidate = await anchor.getAttribute('href');
            if (candidate && href.test(candidate)) link = candidate;
            if (link) break;
          }
          return link;
        },
        { timeout: 20_000, interval: 500 },
      )
      .not.toBeNull();
    return link!;
  } finally {
    await mails.close();
    // The mail page took the foreground; in the background the visitor's page would run no animation frames.
    await page.bringToFront();
  }
}

/** From the mail-sent screen: opens the confirmation link from the mail and lands on payment. */
export async function confirmMail(page: Page, visitor: Visitor): Promise<void> {
  const link = await linkInMail(page, visitor.email, /#\/mail-confirm\?token=/);
  await page.goto(link);
  await page.waitForURL(/#\/payment/);
}

export const TEST_CARDS = {
  success: SIMULATOR_TEST_CARDS.visa,
  decline: SIMULATOR_TEST_CARDS.decline,
} as const;

/** The GMO-PG card entry on the payment screen (tokenised by the simulator's script on submit): fills it in. */
export async function fillGmoCard(page: Page, lang: LangCode, card: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: text(lang, 'payment_card_number') }).fill(card);
  await main
    .getByRole('combobox', { name: text(lang, 'payment_card_expiry_month'), exact: true })
    .selectOption({ index: 3 });
  await main
    .getByRole('combobox', { name: text(lang, 'payment_card_expiry_year'), exact: true })
    .selectOption({ index: 3 });
  await main.getByRole('textbox', { name: text(lang, 'payment_card_cvc') }).fill('123');
  await main.getByRole('textbox', { name: text(lang, 'payment_card_name') }).fill('HANAKO YAMADA');
}

/**
 * Pays by card through the gateway simulator's token script and continues to confirm (`next`: the address
 * that follows, e.g. the change of date's payment confirm after its top-up form).
 */
export async function payByCard(
  page: Page,
  lang: LangCode,
  card: string = TEST_CARDS.success,
  { next = /#\/confirm/ }: { next?: RegExp } = {},
): Promise<void> {
  const main = page.getByRole('main');
  // The GMO-PG card method where the site offers it (the test cards are the GMO simulator's): BORDERLESS now
  // lists stripe_secure first, whose flow these steps do not play.
  await main.getByRole('radio').first().waitFor();
  const gmoCard = main.locator('input[type="radio"][value="gmo_3ds"], input[type="radio"][value="gmo"]');
  const cardMethod = (await gmoCard.count()) > 0 ? gmoCard.first() : main.getByRole('radio').first();
  if (!(await cardMethod.isChecked())) await cardMethod.check();
  await fillGmoCard(page, lang, card);
  await main.getByRole('button', { name: text(lang, 'payment_submit') }).click();
  await page.waitForURL(next);
}

/** On confirm: agrees to the terms and completes the purchase. */
export async function completePurchase(page: Page, lang: LangCode): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('checkbox', { name: text(lang, 'confirm_terms_agree') }).check();
  await main.getByRole('button', { name: text(lang, 'confirm_checkout') }).click();
}

/** The reservation number on the complete screen. */
export async function reservationNumber(page: Page): Promise<string> {
  await page.waitForURL(/#\/complete/);
  return (await page.getByTestId('reservation-number').innerText()).trim();
}

/** The error dialog on screen: its title, after which OK closes it. */
export async function acknowledgeErrorDialog(page: Page, lang: LangCode, code: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: text(lang, `error_dialog_${code}_title`) });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: text(lang, 'error_dialog_ok') }).click();
}

/**
 * What the app keeps of the visitor's order in sessionStorage (the site's core store, `kippu.<SITE>.core`):
 * the order token and the saved order page; null for each when none is stored (after a session time-out).
 */
export async function storedOrder(page: Page): Promise<{ orderToken: string | null; savedOrder: unknown }> {
  return page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i)!;
      if (!/^kippu\.[^.]+\.core$/.test(key)) continue;
      const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}') as {
        state?: { orderToken?: string | null; savedOrder?: unknown };
      };
      return { orderToken: stored.state?.orderToken ?? null, savedOrder: stored.state?.savedOrder ?? null };
    }
    return { orderToken: null, savedOrder: null };
  });
}

/** The order token the app keeps in sessionStorage, or null when no order is stored. */
export async function storedOrderToken(page: Page): Promise<string | null> {
  return (await storedOrder(page)).orderToken;
}

/**
 * On confirm: enters `code` in the coupon field and applies it; answers once the order shows it among the
 * applied coupons, and fails with the dialog's text if the code was refused.
 */
export async function applyCoupon(page: Page, lang: LangCode, code: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: text(lang, 'confirm_coupon_code'), exact: true }).fill(code);
  await main.getByRole('button', { name: text(lang, 'confirm_coupon_apply'), exact: true }).click();
  const applied = main.getByRole('list', { name: text(lang, 'confirm_coupons_applied') });
  const dialog = page.getByRole('dialog');
  await expect
    .poll(
      async () => {
        if (await visible(dialog)) return `refused: ${await dialog.innerText()}`;
        return (await applied.innerText().catch(() => '')).includes(code) ? 'applied' : 'waiting';
      },
      { timeout: 15_000 },
    )
    .toBe('applied');
}
