import { formatTime, type LangCode } from '@kippu/contract';
import type { Page } from 'playwright-core';
import {
  describe,
  expect,
  expectNoAxeViolations,
  LANGUAGE_AXE_RULES,
  openPage,
  skipBrowserSuites,
  test,
} from '../fixtures.ts';
import { PHONE, expectNoHorizontalOverflow, saveScreenshot } from '../screenshots.ts';
import { pattern, text } from '../texts.ts';
import { authoriseGate, checkInResult as result, openGateDevice, qrVideo } from './gate-camera.ts';
import { prepareReservation } from '../prepare-reservation.ts';
import { moveVisitToNow } from './journey-database.ts';
import { tokyoDate } from './steps.ts';

/**
 * Two tickets of DEMO's free preview (no card: the card journeys are the payments issue's) bought for the day
 * after tomorrow and moved to a slot of now (the gate's entry window, ADR 111), made over HTTP (ADR 053: the purchase screens are the purchase journeys' subject); opens the
 * ticket page and answers the reservation token and the tickets' codes as the ticket page has them.
 */
async function twoTickets(page: Page, lang: LangCode) {
  const reservation = await prepareReservation({
    site: 'DEMO',
    lang,
    date: tokyoDate(2),
    product: /^(Free preview|無料プレビュー)/,
    tickets: 2,
  });
  // The gate admits only around the visit's slot (ADR 111): the visit moves to now before the scans.
  await moveVisitToNow(reservation.reservationToken);
  await openPage(page, reservation.ticketPath);
  await page.waitForURL(/#\/id\/[^/]+$/);
  // The ticket page drawn (after any move to the tickets sub-site, a full navigation) before asking from it.
  await expect.poll(() => page.getByRole('img', { name: pattern(lang, 'ticket_qr_alt') }).count()).toBe(2);
  const token = reservation.reservationToken;
  const tickets = await page.evaluate(async (reservationToken) => {
    const response = await fetch(`./api/v1/tickets/${reservationToken}?lang=en`);
    return ((await response.json()) as { tickets: { id: number; qr: string }[] }).tickets;
  }, token);
  expect(tickets).toHaveLength(2);
  return { token, tickets };
}

/** axe once per screen kind (ADR 053): in the first language; the other is screenshot and overflow only. */
const AXE_LANG: LangCode = 'ja';

/** Every call of a screen is made once its own element is on screen (what each step waits for first). */
async function settle(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page, name.startsWith(`${AXE_LANG}-`) ? {} : { rules: LANGUAGE_AXE_RULES });
  await saveScreenshot(page, `entry-gate/${name}`);
}

/**
 * Issue 10, the entry gate (ADR 030), at phone width in Japanese and in English: a visitor gets two tickets
 * (DEMO's free preview); a gate device is authorised with the demo key and reads the first ticket's QR code through
 * Chromium's fake camera (success, then used as it is still held up); a forged code is invalid; the second
 * ticket is admitted by tapping the visitor's phone (its ticket screen's "Staff" link) with the gate's tap code. axe on every screen (in Japanese;
 * the English run checks the same screens for overflow and saves them).
 */
describe.skipIf(skipBrowserSuites)('the entry gate', () => {
  // Two browsers and a purchase: longer than one journey's time-out on a busy machine.
  test.for<LangCode>(['ja', 'en'])(
    'read_qr by camera and tap_ticket, in %s',
    { timeout: 240_000 },
    async (lang, { newPage, onTestFinished }) => {
      const visitor = await newPage(PHONE);
      const { token, tickets } = await twoTickets(visitor, lang);

      const video = await qrVideo(tickets[0]!.qr);
      const device = await openGateDevice(
        video,
        // A device set to another timezone: the gate still shows Tokyo's times (spec §9).
        { ...PHONE, baseURL: new URL(visitor.url()).origin, timezoneId: 'America/New_York' },
        onTestFinished,
      );
      try {
        const { gate, pageErrors } = device;

        await openPage(gate, `/demo/?lang=${lang}#/gate`);
        const keyField = gate.getByLabel(text(lang, 'gate_key_label'));
        await keyField.waitFor();
        await settle(gate, `${lang}-01-gate-key`);
        await keyField.fill('KG1-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
        await gate.getByRole('button', { name: text(lang, 'gate_key_submit') }).click();
        await expect.poll(() => gate.getByRole('alert').innerText()).toBe(text(lang, 'gate_key_refused'));
        const listedFrom = Date.now();
        await authoriseGate(gate, lang);
        const listAt = gate.locator('.gate-status__list');
        await listAt.waitFor();
        const shown = await listAt.innerText();
        const tokyoTimes = [formatTime(new Date(listedFrom)), formatTime(new Date())];
        expect(tokyoTimes.map((time) => text(lang, 'gate_list_at', { time }))).toContain(shown);
        await settle(gate, `${lang}-02-gate-ready`);

        // read_qr: the camera shows the first ticket's code.
        await gate.getByRole('button', { name: text(lang, 'gate_camera_start') }).click();
        await expect.poll(() => result(gate), { timeout: 30_000 }).toBe('success');
        const live = gate.getByRole('status').filter({ has: gate.locator('.check-in-outcome') });
        expect(await live.innerText()).toContain(text(lang, 'check_in_result_success'));
        expect(await live.getAttribute('aria-live')).toBe('assertive');
        await settle(gate, `${lang}-03-read-qr-success`);
        // Still held up in front of the camera: read again after the pause, now used.
        await expect.poll(() => result(gate), { timeout: 30_000 }).toBe('used');
        await settle(gate, `${lang}-04-read-qr-used`);
        await gate.getByRole('button', { name: text(lang, 'gate_camera_stop') }).click();

        // A forged code typed in: invalid.
        const forged = tickets[1]!.qr.replace(/\.[A-Z2-7]{26}$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAA');
        await gate.getByLabel(text(lang, 'gate_manual_label')).fill(forged);
        await gate.getByRole('button', { name: text(lang, 'gate_manual_submit') }).click();
        await expect.poll(() => result(gate)).toBe('invalid');
        await settle(gate, `${lang}-05-invalid`);

        // tap_ticket: the gate shows its tap code; staff type it on the visitor's phone.
        await gate.getByRole('radio', { name: text(lang, 'gate_check_tap_ticket') }).check();
        const digits = (await gate.locator('.gate-tap-code__digits').innerText()).replace(/\D/g, '');
        expect(digits).toMatch(/^\d{8}$/);
        await settle(gate, `${lang}-06-tap-code`);

        // The visitor's ticket screen (reloaded: the first ticket is used now) has the "Staff" control the gate
        // names, with one link left: the second ticket's tap screen.
        await visitor.reload();
        const staff = visitor.getByRole('region', { name: text(lang, 'staff_tap_title') });
        await expect.poll(() => staff.getByRole('link').count()).toBe(1);
        await staff.scrollIntoViewIfNeeded();
        await settle(visitor, `${lang}-07-ticket-staff`);
        await staff.getByRole('link').click();
        await visitor.waitForURL((url) => url.hash === `#/id/${token}/${tickets[1]!.id}/gate`);
        const tapButton = visitor.getByRole('button', { name: text(lang, 'tap_staff_button') });
        await tapButton.waitFor();
        await settle(visitor, `${lang}-08-tap-init`);
        await tapButton.click();
        const codeField = visitor.getByLabel(text(lang, 'tap_code_label'));
        await codeField.fill('00000000' === digits ? '11111111' : '00000000');
        await visitor.getByRole('button', { name: text(lang, 'tap_admit') }).click();
        await visitor.getByText(text(lang, 'tap_problem_wrong_code')).waitFor();
        await codeField.fill(digits);
        await settle(visitor, `${lang}-09-tap`);
        await visitor.getByRole('button', { name: text(lang, 'tap_admit') }).click();
        await expect.poll(() => result(visitor)).toBe('success');
        await settle(visitor, `${lang}-10-tap-success`);
        await visitor.reload();
        await expect.poll(() => result(visitor)).toBe('used');
        await settle(visitor, `${lang}-11-tap-used`);
        expect(pageErrors).toEqual([]);
      } finally {
        await device.close();
      }
    },
  );
});
