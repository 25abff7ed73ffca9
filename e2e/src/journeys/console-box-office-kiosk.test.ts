import type { LangCode } from '@kippu/contract';
import type { Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  describe,
  expect,
  expectNoAxeViolations,
  LANGUAGE_AXE_RULES,
  skipBrowserSuites,
  test,
} from '../fixtures.ts';
import {
  consoleBrowser,
  consoleScreen,
  consoleText,
  DEMO_OWNER,
  signInToConsole,
  TABLET,
} from '../console-steps.ts';
import { consoleTextPattern, groupedYen } from '../console-catalogue-steps.ts';
import { twinOfStaffMember } from '../console-database.ts';
import {
  consoleApiWrite,
  gateCheckIn,
  retireOwnProduct,
  todayProduct,
  visitorPath,
  visitorTickets,
} from '../console-order-steps.ts';
import { saveScreenshot } from '../screenshots.ts';
import { text } from '../texts.ts';
import { completePurchase, chooseTickets, tokyoDate } from './steps.ts';

const SITE = 'DEMO';
const PRICE = 1500;
const TICKETS = 2;
const RECEIVED = 5000;
/** Paper widths at 96 CSS pixels an inch: an 80 mm roll and A4 (210 mm). */
const PAPER_WIDTH = { receipt: Math.round((80 / 25.4) * 96), a4: Math.round((210 / 25.4) * 96) };
const SCREENSHOTS = fileURLToPath(new URL('../../screenshots/console/', import.meta.url));

/** The print view as the printer gets it: print media at the paper's width, the whole sheet photographed. */
async function printPicture(page: Page, name: string, width: number): Promise<void> {
  const viewport = page.viewportSize()!;
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width, height: 1123 });
  try {
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true, animations: 'disabled' });
  } finally {
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(viewport);
  }
}

/** Staff sign in as their own twin of the demo owner (the server takes each TOTP step once per account). */
async function signInStaff(newPage: (options?: object) => Promise<Page>, lang: LangCode, run: string) {
  const account = { ...DEMO_OWNER, email: `e2e-${run}@demo.kippu.test` };
  await twinOfStaffMember(DEMO_OWNER.email, account.email, lang);
  const staff = await newPage(consoleBrowser(lang));
  await signInToConsole(staff, lang, account);
  return staff;
}

/**
 * Issue 29, acceptance 3. In Japanese and in English: a cash sale at the box office for the running slot of
 * today (a day ticket of the journey's own, open until midnight, sold on pos): two tickets, ¥5,000 received,
 * the change shown before and after the sale; the print view photographed as the printer gets it (print media)
 * at 80 mm and at A4 (e2e/screenshots/console/<lang>-box-office-print-*.png), with the QR codes of both tickets;
 * the sale's tickets are valid and the gate admits the first.
 * In Thai: a kiosk paired through the console API buys a free ticket from its language picker through the
 * purchase screens, then is left alone until the idle reset (the page's clock run forward) empties both web
 * storages of the visit; and a web page posting an order on the pos channel is refused with invalid channel.
 */
describe.skipIf(skipBrowserSuites)('the console: the box office and a kiosk', () => {
  test.for<LangCode>(['ja', 'en'])(
    'a cash sale with change and its print view, in %s',
    { timeout: 120_000 },
    async (lang, { newPage, onTestFinished }) => {
      const t = (key: string, values?: Record<string, string | number>) => consoleText(lang, key, values);
      const run = `box-${lang}-${Date.now().toString(36)}`;
      const product = await todayProduct(SITE, run, { price: PRICE, channels: ['pos'] });
      onTestFinished(() => retireOwnProduct(product.productUuid));
      const staff = await signInStaff(newPage, lang, run);

      await staff.goto(`/console/#/sites/${SITE}/box-office`);
      await staff.getByRole('heading', { name: t('box_office_title'), level: 1 }).waitFor();
      const main = staff.getByRole('main');
      await main.getByLabel(t('box_office_product'), { exact: true }).selectOption({ label: product.name });
      // Today's one slot, running now (the counter sells it until it ends).
      const slots = main.getByRole('group', { name: t('box_office_slot') });
      const slot = slots.getByRole('radio').first();
      await slot.waitFor();
      expect(await slots.innerText()).toContain(t('box_office_now'));
      if (!(await slot.isChecked())) await slot.check();
      // The one ticket type's "+" (its name in the language the screen asks the products in).
      const addOne = main.getByRole('button', { name: consoleTextPattern(lang, 'box_office_add_one') });
      for (let i = 0; i < TICKETS; i += 1) await addOne.first().click();
      await main.getByRole('radio', { name: t('box_office_method_cash') }).check();
      await main.getByLabel(t('box_office_received'), { exact: true }).fill(String(RECEIVED));
      const change = main.locator('.c-bo-change');
      await expect.poll(() => change.innerText()).toContain(groupedYen(RECEIVED - TICKETS * PRICE));
      expect(await change.innerText()).toContain(t('box_office_change'));
      await consoleScreen(staff, lang, 'box-office-sale');
      const sell = main.getByRole('button', { name: consoleTextPattern(lang, 'box_office_sell') });
      expect(await sell.innerText()).toContain(groupedYen(TICKETS * PRICE));
      const saleAnswer = staff.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname.endsWith(`/sites/${SITE}/box-office/sales`),
      );
      await sell.click();
      const sale = (await (await saleAnswer).json()) as {
        reservation_token: string;
        reservation_number: string;
      };

      // Sold: the reservation's number, the change again, the tickets and the receipt ready to print.
      const sold = main.getByRole('heading', { name: consoleTextPattern(lang, 'box_office_sold'), level: 2 });
      await sold.waitFor({ timeout: 30_000 });
      const number = /([A-Z0-9]{8,})\s*$/.exec(await sold.innerText())![1]!;
      expect(await main.locator('.c-bo-change--done').innerText()).toContain(
        groupedYen(RECEIVED - TICKETS * PRICE),
      );
      const preview = main.getByRole('region', { name: t('box_office_preview') });
      await expect
        .poll(() =>
          preview.getByRole('img', { name: consoleTextPattern(lang, 'box_office_ticket_qr') }).count(),
        )
        .toBe(TICKETS);
      expect(await preview.innerText()).toContain(number);
      expect(await preview.innerText()).toContain(groupedYen(TICKETS * PRICE));
      await consoleScreen(staff, lang, 'box-office-sold');

      // The print view on each paper: only the sheet is printed, both QR codes on it.
      const printRoot = staff.locator('.c-bo-print-root');
      for (const [format, width] of [
        ['receipt', PAPER_WIDTH.receipt],
        ['a4', PAPER_WIDTH.a4],
      ] as const) {
        await main.getByRole('radio', { name: t(`box_office_format_${format}`) }).check();
        await expect.poll(() => printRoot.locator(`.c-bo-sheet--${format}`).count()).toBe(1);
        await staff.emulateMedia({ media: 'print' });
        expect(await main.isVisible()).toBe(false);
        expect(await printRoot.locator('img').filter({ visible: true }).count()).toBeGreaterThanOrEqual(
          TICKETS,
        );
        await staff.emulateMedia({ media: 'screen' });
        await printPicture(staff, `${lang}-box-office-print-${format === 'receipt' ? '80mm' : 'a4'}`, width);
      }

      // The tickets are real: both valid on the sale's reservation, the first admitted at the gate now.
      expect(sale.reservation_number).toBe(number);
      const tickets = await visitorTickets(SITE, sale.reservation_token);
      expect(tickets.map((ticket) => ticket.status)).toEqual(['valid', 'valid']);
      expect(await gateCheckIn(SITE, tickets[0]!.qr, lang)).toBe('success');
    },
  );

  test(
    'a kiosk in Thai: paired, a free ticket bought, the idle reset empties the storage; pos from the web refused',
    {
      timeout: 150_000,
    },
    async ({ newPage, onTestFinished }) => {
      const lang: LangCode = 'th';
      const run = `kiosk-${Date.now().toString(36)}`;
      const product = await todayProduct(SITE, run, { price: 0, channels: ['kiosk'] });
      onTestFinished(() => retireOwnProduct(product.productUuid));
      const staff = await signInStaff(newPage, 'en', run);

      // The kiosk paired through the console API; its pairing URL opened once on the tablet.
      const created = await consoleApiWrite<{ pairing_url: string }>(
        staff,
        'POST',
        `/sites/${SITE}/kiosk-devices`,
        {
          name: `E2E kiosk ${run}`,
        },
      );
      expect(created.status).toBe(200);
      const pairing = new URL(created.body.pairing_url);
      const tablet = await newPage({ viewport: TABLET, locale: 'th-TH', hasTouch: true });
      await tablet.clock.install();
      const stored = () =>
        tablet.evaluate(() => ({
          session: Object.entries(sessionStorage),
          local: Object.entries(localStorage),
        }));
      await tablet.goto(`${pairing.pathname}${pairing.search}`);
      const thai = tablet.getByTestId('kiosk-language-th');
      await thai.waitFor();
      const fresh = await stored();
      await expectNoAxeViolations(tablet);
      await saveScreenshot(tablet, `console/th-kiosk-picker`);
      await thai.click();

      // The purchase through the order, payment and confirm screens, no mail step, in Thai.
      await chooseTickets(tablet, lang, {
        date: tokyoDate(0),
        product: new RegExp(product.name),
        tickets: 1,
      });
      expect(tablet.url()).toMatch(/#\/payment/);
      await expectNoAxeViolations(tablet, { rules: LANGUAGE_AXE_RULES });
      await tablet
        .getByRole('main')
        .getByRole('button', { name: text(lang, 'payment_submit') })
        .click();
      await tablet.waitForURL(/#\/confirm/);
      await completePurchase(tablet, lang);
      await tablet.waitForURL(/#\/kiosk\/tickets\//, { timeout: 30_000 });
      const reservationToken = /#\/kiosk\/tickets\/([^/?]+)/.exec(tablet.url())![1]!;
      await tablet.getByRole('heading', { name: text(lang, 'kiosk_tickets_title') }).waitFor();
      // The kiosk's own screens (picker, tickets) are checked in full here, their only run.
      await expectNoAxeViolations(tablet);
      await saveScreenshot(tablet, `console/th-kiosk-tickets`);
      const tickets = await visitorTickets(SITE, reservationToken);
      expect(tickets.map((ticket) => ticket.status)).toEqual(['valid']);

      // What the page keeps of the visit now, then after a minute without a touch (the clock run forward).
      const during = await stored();
      const visitOf = (entries: [string, string][]) =>
        entries.filter(
          ([key, value]) => `${key}=${value}`.includes(reservationToken) || value.includes(product.name),
        );
      expect(
        [...visitOf(during.session), ...visitOf(during.local)].length,
        'the visit in storage before the reset',
      ).toBeGreaterThan(0);
      await tablet.clock.runFor(61_000);
      await tablet.getByTestId('kiosk-language-th').waitFor({ timeout: 30_000 });
      const after = await stored();
      // Nothing of the visit, and nothing the first screen did not hold before it (the site's code, the kiosk switch).
      expect(visitOf(after.session), 'sessionStorage after the reset').toEqual([]);
      expect(visitOf(after.local), 'localStorage after the reset').toEqual([]);
      expect(
        after.session.filter(
          (entry) => !fresh.session.some((each) => each[0] === entry[0] && each[1] === entry[1]),
        ),
      ).toEqual([]);
      expect(
        after.local.filter(
          (entry) => !fresh.local.some((each) => each[0] === entry[0] && each[1] === entry[1]),
        ),
      ).toEqual([]);

      // A web page posting an order on the pos channel: refused (the box office sells only from the console).
      const web = await newPage();
      await web.goto(`/demo/?lang=en`);
      await web.getByRole('banner').waitFor();
      const refused = await web.evaluate(
        async ({ path, body }) => {
          let xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1];
          if (!xsrf) {
            xsrf = 'e2e-web-pos-xsrf';
            document.cookie = `XSRF-TOKEN=${xsrf}; path=/`;
          }
          const response = await fetch(path, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
            body: JSON.stringify(body),
          });
          return { status: response.status, body: await response.text() };
        },
        {
          path: visitorPath(SITE, 'createOrder'),
          body: {
            lang: 'en',
            channel: 'pos',
            product_uuid: product.productUuid,
            time_span_id: product.timeSpanId,
            quantity: 1,
            option_values: [{ option_value_id: product.optionValueId, quantity: 1 }],
            set_products: [],
          },
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toContain('invalid channel');
    },
  );
});
