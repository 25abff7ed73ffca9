import type { LangCode } from '@kippu/contract';
import type { Page } from 'playwright-core';
import { describe, expect, skipBrowserSuites, test } from '../fixtures.ts';
import {
  consoleApiStatus,
  consoleBrowser,
  consoleMenu,
  consoleScreen,
  consoleText,
  DEMO_OWNER,
  signInToConsole,
  TABLET,
} from '../console-steps.ts';
import { setStaffLanguage } from '../console-database.ts';
import { prepareReservation } from '../prepare-reservation.ts';
import { text } from '../texts.ts';
import { checkInResult, openGateDevice, qrVideo } from './gate-camera.ts';
import { retireProduct, todayDayTicket } from './journey-database.ts';
import { linkInMail, tokyoDate } from './steps.ts';

const SITE = 'DEMO';
const SLUG = 'demo';
/** A site of the same organisation the gate member is not given. */
const OTHER_SITE = 'BORDERLESS';

/** The number beside a term of the dashboard's summary (`<dt>` / `<dd>`), digits only. */
async function summaryFigure(page: Page, term: string): Promise<number> {
  const value = page
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
  // "0 / 1": entered of expected.
  return Number(/\d[\d,]*/.exec(await value.first().innerText())![0].replace(/,/g, ''));
}

/**
 * Issue 27, acceptance 1, in Japanese and in English: the demo owner signs in with TOTP (the code computed
 * here from the published demo seed), invites a new member as "gate" for one site; the invitee opens the mail
 * on the development mail page, accepts, and signs in: only the check-in screen of that site is shown, and the
 * other screens and sites are refused (by the menu, by the app's routing and by the API); they register a gate
 * device, and that device checks a ticket in at `/{site}/#/gate`; the owner sees the invitation and the scan in
 * the audit log, and the entry on the dashboard, which updates without a reload. Every console screen passes
 * axe and is photographed at desktop and tablet width (e2e/screenshots/console/).
 */
describe.skipIf(skipBrowserSuites)('the console: a gate member from invitation to check-in', () => {
  test.for<LangCode>(['ja', 'en'])(
    'in %s',
    { timeout: 300_000 },
    async (lang, { newPage, onTestFinished }) => {
      const t = (key: string, values?: Record<string, string | number>) => consoleText(lang, key, values);
      const run = `${lang}-${Date.now().toString(36)}`;
      const inviteeEmail = `gate-${run}@example.test`;
      const inviteePassword = `gate passphrase for ${run}`;
      const deviceName = `E2E gate ${run}`;

      // The owner signs in: password, then the authenticator's code.
      // The owner's account speaks `lang` (the demo's is Japanese): the console follows it once signed in.
      await setStaffLanguage(DEMO_OWNER.email, lang);
      onTestFinished(() => setStaffLanguage(DEMO_OWNER.email, 'ja'));
      const owner = await newPage(consoleBrowser(lang));
      await signInToConsole(owner, lang, DEMO_OWNER, (name) => consoleScreen(owner, lang, `owner-${name}`));

      // Invites a gate member for SITE only, their mails in `lang`.
      await owner.goto('/console/#/staff');
      await owner.getByRole('heading', { name: t('staff_title'), level: 1 }).waitFor();
      await consoleScreen(owner, lang, 'owner-staff');
      const siteName = await owner.evaluate(async (code) => {
        const session = (await (await fetch('/console/api/v1/session')).json()) as {
          sites: { code: string; name: string }[];
        };
        return session.sites.find((site) => site.code === code)!.name;
      }, SITE);
      // The invitation form folds under its summary; opened, filled in, sent.
      const invite = owner.locator('details', { has: owner.getByText(t('staff_invite'), { exact: true }) });
      if (!(await invite.getByLabel(t('field_email')).isVisible()))
        await invite.getByText(t('staff_invite'), { exact: true }).click();
      await invite.getByLabel(t('field_email')).fill(inviteeEmail);
      await invite.getByLabel(t('field_name')).fill(`Gate ${run}`);
      await invite.getByLabel(t('staff_mail_language')).selectOption(lang);
      await invite.getByLabel(t('field_role')).selectOption({ label: t('role_gate') });
      await invite.getByRole('checkbox', { name: siteName, exact: true }).check();
      await consoleScreen(owner, lang, 'owner-invite-form');
      await invite.getByRole('button', { name: t('staff_invite_submit') }).click();
      // Listed among the pending invitations.
      await expect.poll(() => owner.getByRole('row').filter({ hasText: inviteeEmail }).count()).toBe(1);
      const invitationId = await owner.evaluate(async (email) => {
        const answer = (await (await fetch('/console/api/v1/staff/invitations')).json()) as {
          invitations: { id: number; email: string }[];
        };
        return answer.invitations.find((each) => each.email === email)!.id;
      }, inviteeEmail);
      await consoleScreen(owner, lang, 'owner-invited');

      // The invitee reads the mail on the development mail page and accepts with a password.
      const invitee = await newPage(consoleBrowser(lang));
      const link = await linkInMail(invitee, inviteeEmail, /\/console\/#\/invitation\//);
      await invitee.goto(link);
      await invitee.getByRole('heading', { name: t('invitation_title') }).waitFor();
      await consoleScreen(invitee, lang, 'invitation');
      await invitee.getByLabel(t('field_new_password'), { exact: true }).fill(inviteePassword);
      await invitee.getByLabel(t('field_repeat_password'), { exact: true }).fill(inviteePassword);
      await invitee.getByRole('button', { name: t('invitation_submit') }).click();
      await consoleMenu(invitee, lang).waitFor();

      // Signs out, and in again with the new password (no second factor for the gate role).
      await invitee.getByRole('button', { name: t('sign_out') }).click();
      await signInToConsole(invitee, lang, { email: inviteeEmail, password: inviteePassword });

      // Only the check-in screen of SITE: the menu, the site picker, the app's routing and the API agree.
      const menu = consoleMenu(invitee, lang);
      await expect.poll(() => menu.getByRole('link').allInnerTexts()).toEqual([t('nav_gate_devices')]);
      await expect.poll(() => invitee.url()).toContain(`#/sites/${SITE}/gate-devices`);
      const sitePicker = invitee.getByRole('combobox', { name: t('site_picker') });
      expect(await sitePicker.locator('option').allInnerTexts()).toEqual([siteName]);
      await consoleScreen(invitee, lang, 'gate-member-home');
      for (const hash of [
        '#/staff',
        '#/audit',
        `#/sites/${SITE}/dashboard`,
        `#/sites/${OTHER_SITE}/gate-devices`,
      ]) {
        await invitee.goto(`/console/${hash}`);
        await expect.poll(() => invitee.url()).toContain(`#/sites/${SITE}/gate-devices`);
      }
      for (const path of [
        '/staff',
        '/audit-events',
        `/dashboard?site=${SITE}`,
        `/sites/${OTHER_SITE}/gate-devices`,
      ]) {
        expect(await consoleApiStatus(invitee, path), path).toBe(404);
      }
      expect(await consoleApiStatus(invitee, `/sites/${SITE}/gate-devices`)).toBe(200);

      // Registers a gate device; its key is shown once.
      await invitee.getByLabel(t('gate_devices_name')).fill(deviceName);
      await invitee.getByRole('button', { name: t('gate_devices_register_submit') }).click();
      const key = (await invitee.locator('.c-key').innerText()).trim();
      expect(key).toMatch(/^KG1-[A-Z2-7]{32}$/);
      await consoleScreen(invitee, lang, 'gate-device-key');
      const deviceId = await invitee.evaluate(
        async ({ site, name }) => {
          const answer = (await (await fetch(`/console/api/v1/sites/${site}/gate-devices`)).json()) as {
            devices: { id: number; name: string }[];
          };
          return answer.devices.find((each) => each.name === name)!.id;
        },
        { site: SITE, name: deviceName },
      );

      // A visitor's ticket for today (a day ticket open until midnight, whatever the hour of the run).
      const product = await todayDayTicket(SITE, 5, 0);
      onTestFinished(() => retireProduct(product.productUuid));
      const reservation = await prepareReservation({
        site: SITE,
        lang,
        date: tokyoDate(0),
        tickets: 1,
        product: /^(庭園 当日券|Garden day pass)$/,
      });
      const ticketsAnswer = await fetch(
        new URL(`/${SLUG}/api/v1/tickets/${reservation.reservationToken}?lang=en`, owner.url()),
      );
      const { tickets } = (await ticketsAnswer.json()) as { tickets: { qr: string }[] };
      expect(tickets).toHaveLength(1);

      // The owner watches today's numbers of SITE; the page is never reloaded from here on.
      await owner.goto(`/console/#/sites/${SITE}/dashboard`);
      await owner.getByRole('heading', { name: t('dashboard_title'), level: 1 }).waitFor();
      await owner
        .locator('dt', { hasText: t('dashboard_entered') })
        .first()
        .waitFor();
      await consoleScreen(owner, lang, 'owner-dashboard');
      const enteredBefore = await summaryFigure(owner, t('dashboard_entered'));
      await owner.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));

      // The new device checks the ticket in at the gate, by camera.
      const device = await openGateDevice(
        await qrVideo(tickets[0]!.qr),
        { viewport: TABLET, baseURL: new URL(owner.url()).origin },
        onTestFinished,
      );
      try {
        const { gate, pageErrors } = device;
        await gate.goto(`/${SLUG}/?lang=${lang}#/gate`);
        await gate.getByLabel(text(lang, 'gate_key_label')).fill(key);
        await gate.getByRole('button', { name: text(lang, 'gate_key_submit') }).click();
        await gate.getByText(text(lang, 'gate_device', { label: deviceName })).waitFor();
        await gate.getByRole('button', { name: text(lang, 'gate_camera_start') }).click();
        await expect.poll(() => checkInResult(gate), { timeout: 30_000 }).toBe('success');
        await gate.getByRole('button', { name: text(lang, 'gate_camera_stop') }).click();
        expect(pageErrors).toEqual([]);
      } finally {
        await device.close();
      }

      // The dashboard shows the entry by itself, in the same document.
      await expect
        .poll(() => summaryFigure(owner, t('dashboard_entered')), { timeout: 30_000 })
        .toBe(enteredBefore + 1);
      expect(await owner.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

      // The audit log holds the invitation and the scan by the device. Each is looked for through the log's
      // filters (in the address): the other console journeys write to the same organisation's log at the same
      // time (refunds, moves, sales), and their events pushed the invitation off the log's first page.
      await owner.goto('/console/#/audit?action=checked_in&actor_kind=device');
      await owner.getByRole('heading', { name: t('audit_title'), level: 1 }).waitFor();
      const log = owner.getByRole('main');
      await expect.poll(() => log.innerText(), { timeout: 20_000 }).toMatch(/checked_in/);
      const rows = log.getByRole('row');
      if (process.env.E2E_DEBUG)
        console.log(
          await owner.evaluate(async () => (await fetch('/console/api/v1/audit-events')).text()),
          await rows.allInnerTexts(),
        );
      const rowTexts = (action: RegExp) => rows.filter({ hasText: action }).allInnerTexts();
      // The scan: by the device (named, or by its id where the log has no name for it), the ticket's check-in.
      const byDevice = new RegExp(`${deviceName}|${t('audit_actor_device_id', { id: deviceId })}`);
      await expect.poll(() => rowTexts(/checked_in/)).toContainEqual(expect.stringMatching(byDevice));
      // The invitation: the object the owner's invitation made.
      await owner.goto(`/console/#/audit?object_type=staff_invitation&object_id=${invitationId}`);
      await expect.poll(() => log.innerText(), { timeout: 20_000 }).toMatch(/invited/);
      await expect
        .poll(() => rowTexts(/invited/))
        .toContainEqual(expect.stringContaining(`${t('audit_object_staff_invitation')} ${invitationId}`));
      // The organisation's whole log: the other console journeys write to it too (40,000 px and more).
      await consoleScreen(owner, lang, 'owner-audit', { wholePage: false });
    },
  );
});
