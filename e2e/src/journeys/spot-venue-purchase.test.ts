import pg from 'pg';
import { inject } from 'vitest';
import {
  describe,
  expect,
  expectHtmlLang,
  expectNoAxeViolations,
  LANGUAGE_AXE_RULES,
  openPage,
  skipBrowserSuites,
  test,
} from '../fixtures.ts';
import { PHONE, expectNoHorizontalOverflow, saveScreenshot } from '../screenshots.ts';
import { pattern, text } from '../texts.ts';
import { reservationContents, retireProduct, spotDayTicket } from './journey-database.ts';

/**
 * Issue 32 acceptance 2 and the spot poster's language defect, on a Chinese phone at the RUINS venue (which
 * follows the browser's language, ADR 110): the spot landing opens in zh-hans and asks the language first;
 * the visitor goes through `/spot/products`, chooses the poster's day ticket with a drink (a set product),
 * gives the details on `/spot/order-fields` (ADR 109) and pays with a simulator card. Screenshots in
 * e2e/screenshots/spot-venue/.
 */

/** Links a drink (a set product of RUINS, made for this journey) to the poster's product, as staff would. */
async function addDrinkTo(productUuid: string): Promise<string> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    const names = {
      ja: 'ドリンク',
      en: 'Drink',
      'zh-hans': '饮品',
      kr: '음료',
      'zh-hant': '飲品',
      th: 'เครื่องดื่ม',
    };
    const descriptions = Object.fromEntries(Object.keys(names).map((lang) => [lang, '']));
    const { rows } = await client.query<{ uuid: string }>(
      `WITH s AS (
         INSERT INTO set_products (uuid, site_code, names, descriptions, price, position)
         VALUES (gen_random_uuid(), 'RUINS', $2, $3, 600, 0) RETURNING id, uuid
       ), link AS (
         INSERT INTO set_product_links (set_product_id, product_id)
         SELECT s.id, p.id FROM s, products p WHERE p.uuid = $1
       )
       SELECT uuid FROM s`,
      [productUuid, names, descriptions],
    );
    return rows[0]!.uuid;
  } finally {
    await client.end();
  }
}

/**
 * Takes the journey's drink and poster product off sale once it is done, so no later journey or console
 * screen on RUINS offers them. The rows stay: the paid reservation's add-on refers to the drink.
 */
async function removeDrink(setProductUuid: string, productUuid: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    await client.query(
      `DELETE FROM set_product_links WHERE set_product_id = (SELECT id FROM set_products WHERE uuid = $1)`,
      [setProductUuid],
    );
  } finally {
    await client.end();
  }
  await retireProduct(productUuid);
}

describe.skipIf(skipBrowserSuites)('a spot purchase on a Chinese phone (issue 32)', () => {
  test('zh-hans: the language first, /spot/products, a ticket with a drink, /spot/order-fields, card', async ({
    newPage,
  }) => {
    const poster = await spotDayTicket();
    const drink = await addDrinkTo(poster.productUuid);
    try {
      // A phone set to Chinese: Chromium sends Accept-Language zh-CN; nothing is stored for the site yet.
      const page = await newPage({ ...PHONE, locale: 'zh-CN' });
      const lang = 'zh-hans';
      const axe = () => expectNoAxeViolations(page, { rules: LANGUAGE_AXE_RULES });
      const main = page.getByRole('main');

      await openPage(page, `/ruins/#/spot?qr_token=${poster.qrToken}`);
      // The defect: this opened in Japanese. Now the first paint and the app are in the phone's language...
      await expectHtmlLang(page, 'zh-Hans');
      // ...and the landing asks the language first, in all six.
      const languages = main.getByRole('list', { name: text(lang, 'spot_language_title') });
      await expect.poll(() => languages.getByRole('button').count()).toBe(6);
      await expect.poll(() => main.innerText()).toContain('Choose your language');
      await axe();
      await expectNoHorizontalOverflow(page);
      await saveScreenshot(page, 'spot-venue/zh-hans-0-language');
      await languages.getByRole('button', { name: '简体中文' }).click();

      // The venue's other tickets: /spot/products.
      await main.getByRole('link', { name: text(lang, 'spot_other_products_link') }).click();
      await page.waitForURL(/#\/spot\/products/);
      const list = main.getByRole('list', { name: text(lang, 'spot_products_list_label') });
      // Earlier journeys left day tickets of the same name: the poster's own is marked and listed first.
      const row = list.getByRole('listitem').filter({ hasText: text(lang, 'spot_products_this_poster') });
      await expect.poll(() => row.innerText()).toContain('遗迹庭园 当日票');
      await axe();
      await expectNoHorizontalOverflow(page);
      await saveScreenshot(page, 'spot-venue/zh-hans-1-products');
      await row.getByRole('link', { name: new RegExp(text(lang, 'spot_products_choose')) }).click();
      await page.waitForURL(/#\/spot\?/);

      // One adult and one drink (the set product the spot search offers for the day).
      await main.getByRole('button', { name: text(lang, 'order_add_one', { name: '成人' }) }).click();
      await main.getByRole('button', { name: text(lang, 'order_add_one', { name: '饮品' }) }).click();
      await expect.poll(() => main.innerText()).toContain('2,100');
      await axe();
      await expectNoHorizontalOverflow(page);
      await saveScreenshot(page, 'spot-venue/zh-hans-2-order');
      await main.getByRole('button', { name: text(lang, 'spot_continue_to_payment') }).click();

      // The details a spot purchase needs (ADR 109).
      await page.waitForURL(/#\/spot\/order-fields\//);
      await main
        .getByRole('textbox', { name: pattern(lang, 'signin_field_email') })
        .fill(`spot-zh-${Date.now()}@example.com`);
      await main.getByRole('textbox', { name: pattern(lang, 'signin_field_fullname') }).fill('李华');
      await axe();
      await expectNoHorizontalOverflow(page);
      await saveScreenshot(page, 'spot-venue/zh-hans-3-order-fields');
      await main.getByRole('button', { name: text(lang, 'spot_continue_to_payment') }).click();

      await page.waitForURL(/#\/spot\/payment/);
      await expect.poll(() => main.innerText()).toContain('饮品');
      await main.getByRole('textbox', { name: text(lang, 'payment_card_number') }).fill('4111111111111111');
      await main
        .getByRole('combobox', { name: text(lang, 'payment_card_expiry_month'), exact: true })
        .selectOption({ index: 3 });
      await main
        .getByRole('combobox', { name: text(lang, 'payment_card_expiry_year'), exact: true })
        .selectOption({ index: 3 });
      await main.getByRole('textbox', { name: text(lang, 'payment_card_cvc') }).fill('123');
      await main.getByRole('textbox', { name: text(lang, 'payment_card_name') }).fill('LI HUA');
      await axe();
      await saveScreenshot(page, 'spot-venue/zh-hans-4-payment');
      await main.getByRole('button', { name: text(lang, 'spot_pay') }).click();
      await page.waitForURL(/#\/spot\/email-sended\//, { timeout: 60_000 });
      await expect.poll(() => main.innerText()).toMatch(/[0-9A-Z]{10}/);
      await saveScreenshot(page, 'spot-venue/zh-hans-5-mail-sent');

      // What was paid for is what the reservation holds: one adult and the drink (the set product's stock).
      const number = (await main.innerText()).match(/[0-9A-Z]{10}/)![0];
      expect(await reservationContents(number)).toEqual({
        status: 'reserved',
        tickets: [{ name: '大人', quantity: 1 }],
        sets: [{ name: 'ドリンク', quantity: 1 }],
      });
    } finally {
      await removeDrink(drink, poster.productUuid);
    }
  });
});
