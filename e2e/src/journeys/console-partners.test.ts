import type { LangCode } from '@kippu/contract';
import { API_TOKEN_PATTERN } from '@kippu/contract/console/api-tokens-schemas';
import type { PartnerBooking } from '@kippu/contract/partner/partner-schemas';
import type { Page } from 'playwright-core';
import { describe, expect, skipBrowserSuites, test } from '../fixtures.ts';
import { consoleBrowser, consoleScreen, consoleText, DEMO_OWNER, signInToConsole } from '../console-steps.ts';
import { twinOfStaffMember } from '../console-database.ts';
import { retireOwnProduct, timedProduct } from '../console-order-steps.ts';
import {
  ordersOfBooking,
  partnerCall,
  signedWith,
  startWebhookReceiver,
  ticketTypesOf,
  type ReceivedDelivery,
} from '../console-partner-steps.ts';
import { consoleApiRead } from '../console-report-steps.ts';
import { tokyoDate } from './steps.ts';

/** A site no other journey books on, so its webhook deliveries are this journey's own (and few). */
const SITE = 'ARTIZON';
const PRICE = 2000;
const NET_PRICE = 1600;
const ALLOTTED = 4;
/** The journey's ticket type, as timedProduct names it. */
const TICKET_TYPE: Record<LangCode, string> = {
  ja: '一般',
  en: 'General',
  'zh-hans': '普通',
  kr: '일반',
  'zh-hant': '一般',
  th: 'ทั่วไป',
};
/** The slot's day, from today: well before its allotment's release (48 hours before the slot by default). */
const SLOT_DAYS = 9;

/** The password again, when the server's window since sign-in has passed (token and webhook creation ask it). */
async function passwordIfAsked(
  staff: Page,
  lang: LangCode,
  password: string,
  done: () => Promise<boolean>,
): Promise<void> {
  const reauth = staff.getByRole('dialog', { name: consoleText(lang, 'reauth_title') });
  await expect.poll(async () => (await reauth.isVisible()) || (await done()), { timeout: 30_000 }).toBe(true);
  if (await reauth.isVisible()) {
    await reauth.getByLabel(consoleText(lang, 'field_password'), { exact: true }).fill(password);
    await reauth.getByRole('button', { name: consoleText(lang, 'reauth_submit') }).click();
  }
}

/**
 * Issue 30, acceptance 3 (its browser part) and the integrations screens, in Japanese and in English (axe in
 * full in Japanese, its language rules in English). The owner (their own twin) makes a partner with a net price
 * for the journey's own ticket type, a token for it (shown once), an allotment of four seats on the journey's
 * own slot, and a webhook to a receiver the test runs on 127.0.0.1 (the e2e server runs in development, where
 * loopback targets are allowed). The partner's server then books two seats with an Idempotency-Key twice (one
 * booking, the allotment's sold count 2), is refused the same key with another body, books one more and cancels
 * it, and is refused more than the allotment has left (out of stock). The receiver gets `reservation.created`
 * for the booking with a signature valid for the secret the screen showed; the webhook's delivery log shows it
 * delivered; the orders screen lists the booking under channel OTA with the partner's name.
 */
describe.skipIf(skipBrowserSuites)('the console: a partner, its token, an allotment and a webhook', () => {
  // The Japanese run took 200 s on session 19's slower machine: room for a busy one.
  test.for<LangCode>(['ja', 'en'])(
    'in %s',
    { timeout: 420_000 },
    async (lang, { newPage, onTestFinished }) => {
      const t = (key: string, values?: Record<string, string | number>) => consoleText(lang, key, values);
      const run = `partner-${lang}-${Date.now().toString(36)}`;
      const product = await timedProduct(SITE, run, PRICE, [
        { days: SLOT_DAYS, time: '10:00', capacity: 20 },
      ]);
      const slotDay = tokyoDate(SLOT_DAYS);
      onTestFinished(() => retireOwnProduct(product.productUuid));
      const [ticketTypeId] = await ticketTypesOf(product.productUuid);
      const slotId = product.slotIds[0]!;
      const receiver = await startWebhookReceiver();
      onTestFinished(() => receiver.close());

      const account = { ...DEMO_OWNER, email: `e2e-${run}@demo.kippu.test` };
      await twinOfStaffMember(DEMO_OWNER.email, account.email, lang);
      const staff = await newPage(consoleBrowser(lang));
      await signInToConsole(staff, lang, account);
      const main = staff.getByRole('main');

      // The partner, on the partners screen: its name and contact (Kippu does not mail its customers).
      const partnerName = `E2E Travel ${run}`;
      await staff.goto('/console/#/partners');
      await staff.getByRole('heading', { name: t('partners_title'), level: 1 }).waitFor();
      await main.getByRole('button', { name: t('partners_new') }).click();
      await main.getByLabel(t('partners_name'), { exact: true }).fill(partnerName);
      await main.getByLabel(t('partners_contact_name'), { exact: true }).fill('Hanako Agent');
      await main.getByLabel(t('partners_contact_email'), { exact: true }).fill(`${run}@agency.example.com`);
      await main.getByRole('checkbox', { name: t('partners_mails_customers') }).uncheck();
      await consoleScreen(staff, lang, 'partner-new');
      await main.getByRole('button', { name: t('partners_create') }).click();

      // Its own screen: the net price of the journey's ticket type, saved.
      await staff.getByRole('heading', { name: partnerName, level: 1 }).waitFor();
      const partnerId = Number(/#\/partners\/(\d+)/.exec(staff.url())![1]);
      const netPrice = main.getByRole('textbox', {
        name: t('partners_net_price_of', { type: TICKET_TYPE[lang], product: product.name }),
      });
      await netPrice.fill(String(NET_PRICE));
      await main.getByRole('button', { name: t('save'), exact: true }).click();
      await main
        .getByRole('status')
        .filter({ hasText: t('partners_saved') })
        .waitFor();
      await consoleScreen(staff, lang, 'partner');

      // A token for it on the API tokens screen (the partner's scope by default), shown once.
      await main.getByRole('link', { name: t('partners_token_new') }).click();
      await staff
        .getByRole('heading', { name: t('api_tokens_partner_title', { name: partnerName }), level: 1 })
        .waitFor();
      const tokenName = `Booking site ${run}`;
      await main.getByLabel(t('api_tokens_name'), { exact: true }).fill(tokenName);
      await main.getByLabel(t('api_tokens_days'), { exact: true }).fill('30');
      await consoleScreen(staff, lang, 'api-token-new');
      await main.getByRole('button', { name: t('api_tokens_create') }).click();
      const tokenPanel = main.getByRole('region', {
        name: t('api_tokens_created_title', { name: tokenName }),
      });
      await passwordIfAsked(staff, lang, account.password, () => tokenPanel.isVisible());
      const token = (await tokenPanel.locator('code').innerText()).trim();
      expect(token).toMatch(API_TOKEN_PATTERN);
      await consoleScreen(staff, lang, 'api-token-created');
      await main.getByRole('button', { name: t('api_tokens_done') }).click();
      await expect.poll(() => main.locator('code[data-secret]').count()).toBe(0);
      expect(await main.innerText(), 'the token is not shown again').not.toContain(token);

      // An allotment of four seats on the journey's slot, on the allotments screen.
      await staff.goto(`/console/#/sites/${SITE}/allotments`);
      await staff.getByRole('heading', { name: t('allotments_title'), level: 1 }).waitFor();
      await main.getByRole('button', { name: t('allotments_new') }).click();
      const allotmentForm = main.locator('form', {
        has: staff.getByRole('heading', { name: t('allotments_new'), level: 2 }),
      });
      await allotmentForm
        .getByLabel(t('allotments_partner'), { exact: true })
        .selectOption(String(partnerId));
      await allotmentForm.getByLabel(t('allotments_date'), { exact: true }).fill(slotDay);
      const slotChoice = allotmentForm.getByLabel(t('allotments_slot'), { exact: true });
      await expect.poll(() => slotChoice.locator(`option[value="${slotId}"]`).count()).toBe(1);
      await slotChoice.selectOption(String(slotId));
      await allotmentForm.getByLabel(t('allotments_quantity'), { exact: true }).fill(String(ALLOTTED));
      await consoleScreen(staff, lang, 'allotment-new');
      await allotmentForm.getByRole('button', { name: t('allotments_create') }).click();
      const allotments = main.getByRole('table', { name: t('allotments_list') });
      const allotmentRow = allotments.getByRole('row').filter({ hasText: partnerName });
      await allotmentRow.waitFor();
      await consoleScreen(staff, lang, 'allotments');

      // The webhook, before any booking: the address of the test's receiver, one event.
      await staff.goto('/console/#/webhooks');
      await staff.getByRole('heading', { name: t('webhooks_title'), level: 1 }).waitFor();
      await main.getByRole('button', { name: t('webhooks_new') }).click();
      await main.getByLabel(t('webhooks_url'), { exact: true }).fill(receiver.url);
      await main
        .getByRole('checkbox', { name: new RegExp(`^${t('webhooks_event_reservation_created')}`) })
        .check();
      // Only the journey's site: the organisation's other journeys' reservations are not its business.
      const session = await consoleApiRead<{ sites: { code: string; name: string }[] }>(staff, '/session');
      const siteName = session.body.sites.find((each) => each.code === SITE)!.name;
      await main.getByRole('radio', { name: t('webhooks_some_sites') }).check();
      await main
        .getByRole('group', { name: t('webhooks_sites') })
        .getByRole('checkbox', { name: siteName, exact: true })
        .check();
      await consoleScreen(staff, lang, 'webhook-new');
      await main.getByRole('button', { name: t('webhooks_create') }).click();
      const secretPanel = main.getByRole('region', {
        name: t('webhooks_secret_title', { url: receiver.url }),
      });
      await passwordIfAsked(staff, lang, account.password, () => secretPanel.isVisible());
      const secret = (await secretPanel.locator('code').innerText()).trim();
      expect(secret).toMatch(/^whsec_/);
      await consoleScreen(staff, lang, 'webhook-secret');

      // The partner's server: its products and the slot's availability (the allotment's four seats).
      const products = await partnerCall<{ products: { id: number; ticket_types: { id: number }[] }[] }>(
        token,
        'GET',
        '/products',
      );
      expect(
        products.status,
        `${JSON.stringify(products.body)}: a token made with the console's default partner scope (PARTNER_TOKEN_PERMISSIONS) reads the partner's products`,
      ).toBe(200);
      const sold = products.body.products.find((each) =>
        each.ticket_types.some((type) => type.id === ticketTypeId),
      );
      expect(sold, 'the partner reads the product it has a net price for').toBeDefined();
      const productId = sold!.id;
      const availability = async () => {
        const answer = await partnerCall<{
          slots: {
            slot_id: number;
            available: number;
            allotment: { sold: number; remaining: number } | null;
          }[];
        }>(token, 'GET', `/availability?product=${productId}&from=${slotDay}&to=${slotDay}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.body.slots.find((slot) => slot.slot_id === slotId)!;
      };
      expect((await availability()).allotment).toMatchObject({ sold: 0, remaining: ALLOTTED });

      // A booking of two with an Idempotency-Key, sent twice: one booking.
      const body = (quantity: number, reference: string) => ({
        product_id: productId,
        slot_id: slotId,
        lang,
        lines: [{ ticket_type_id: ticketTypeId, quantity }],
        customer: { name: 'Taro Traveller' },
        reference,
      });
      const key = `e2e-${run}-first`;
      const first = await partnerCall<{ booking: PartnerBooking }>(token, 'POST', '/bookings', {
        body: body(2, `V-${run}-1`),
        idempotencyKey: key,
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const booking = first.body.booking;
      expect(booking).toMatchObject({ status: 'confirmed', amount: 2 * NET_PRICE, source: 'allotment' });
      const again = await partnerCall<{ booking: PartnerBooking }>(token, 'POST', '/bookings', {
        body: body(2, `V-${run}-1`),
        idempotencyKey: key,
      });
      expect(again.status).toBe(200);
      expect(again.body.booking.number).toBe(booking.number);
      expect(await ordersOfBooking(booking.number)).toEqual([
        expect.objectContaining({ channel: 'OTA', partner_id: String(partnerId) }),
      ]);
      expect((await availability()).allotment).toMatchObject({ sold: 2, remaining: ALLOTTED - 2 });
      const reused = await partnerCall<{ error: string }>(token, 'POST', '/bookings', {
        body: body(1, `V-${run}-1`),
        idempotencyKey: key,
      });
      expect([reused.status, reused.body.error]).toEqual([422, 'idempotency key reused']);

      // Another booking, cancelled; then more than the allotment has left is refused.
      const other = await partnerCall<{ booking: PartnerBooking }>(token, 'POST', '/bookings', {
        body: body(1, `V-${run}-2`),
        idempotencyKey: `e2e-${run}-second`,
      });
      expect(other.status, JSON.stringify(other.body)).toBe(200);
      const cancelled = await partnerCall<{ booking: PartnerBooking }>(
        token,
        'POST',
        `/bookings/${other.body.booking.number}/cancellation`,
        { idempotencyKey: `e2e-${run}-cancel` },
      );
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.booking.status).toBe('cancelled');
      const left = (await availability()).available;
      const beyond = await partnerCall<{ error: string }>(token, 'POST', '/bookings', {
        body: body(left + 1, `V-${run}-3`),
        idempotencyKey: `e2e-${run}-beyond`,
      });
      expect([beyond.status, beyond.body.error]).toEqual([409, 'out of stock']);

      // The receiver: reservation.created for the booking, signed with the secret the screen showed.
      let delivered: ReceivedDelivery | undefined;
      await expect
        .poll(
          () => {
            delivered = receiver.deliveries.find(
              (each) =>
                each.event.type === 'reservation.created' &&
                (each.event.data.reservation as { number?: string } | null)?.number === booking.number,
            );
            return delivered !== undefined;
          },
          { timeout: 60_000, interval: 250 },
        )
        .toBe(true);
      expect(signedWith(delivered!, secret), 'the signature holds for the secret shown once').toBe(true);
      expect(signedWith(delivered!, `${secret}x`), 'and not for another secret').toBe(false);

      // The webhook's delivery log shows it delivered.
      await staff.goto('/console/#/webhooks');
      await main.getByRole('link', { name: receiver.url }).first().click();
      await staff
        .getByRole('heading', { name: t('webhooks_one_title', { url: receiver.url }), level: 1 })
        .waitFor();
      const log = main.getByRole('table', { name: t('webhooks_log') });
      await expect
        .poll(
          async () => {
            const shown = await log.innerText().catch(() => '');
            if (!shown.includes(t('webhooks_delivery_delivered')))
              await main.getByRole('button', { name: t('webhooks_log_refresh') }).click();
            return shown;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toContain(t('webhooks_event_reservation_created'));
      expect(await log.innerText()).toContain(t('webhooks_delivery_delivered'));
      // The very event the receiver got (its id is the same on every try).
      expect(await log.innerText()).toContain(delivered!.event.id);
      await consoleScreen(staff, lang, 'webhook');

      // The orders screen, channel OTA: the booking with its partner.
      await staff.goto(`/console/#/sites/${SITE}/orders?channel=OTA`);
      await staff.getByRole('heading', { name: t('orders_title'), level: 1 }).waitFor();
      const results = main.getByRole('table', { name: t('orders_results') });
      const row = results.getByRole('row').filter({ hasText: booking.number });
      await row.waitFor();
      expect(await row.innerText()).toContain(partnerName);
      expect(await row.innerText()).toContain(t('orders_channel_ota'));
      await consoleScreen(staff, lang, 'orders-ota');
    },
  );
});
