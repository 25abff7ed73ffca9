import type { CreateMoveResponse } from '@kippu/contract/console/moves-schemas';
import type { LangCode } from '@kippu/contract';
import { describe, expect, skipBrowserSuites, test } from '../fixtures.ts';
import { consoleBrowser, consoleScreen, consoleText, DEMO_OWNER, signInToConsole } from '../console-steps.ts';
import { twinOfStaffMember } from '../console-database.ts';
import {
  consoleApiWrite,
  figureOf,
  retireOwnProduct,
  timedProduct,
  visitorTickets,
} from '../console-order-steps.ts';
import { prepareReservation } from '../prepare-reservation.ts';
import { tokyoDate } from './steps.ts';

const SITE = 'DEMO';
const PRICE = 1200;
/** The day closed: tomorrow, one slot. The target: the day after, room for three tickets. */
const SOURCE = { days: 1, time: '10:00', capacity: 10 };
const TARGET = { days: 2, time: '10:00', capacity: 3 };
/** Three reservations in purchase order: 1 and 2 tickets fit the target's 3 places; the last 2 do not. */
const PARTIES = [1, 2, 2];

/**
 * Issue 29, acceptance 2, the browser's part, in Japanese and in English: a day of three reservations of the
 * journey's own product (bought over HTTP, ADR 053) is closed through the console API with a target slot
 * with room for three tickets and refunds for what does not fit; the run's screen shows it done with two
 * reservations moved and one refunded, each row with its reservation, state and slots, and the state
 * filter. The server side (30 reservations, a killed job) is the moves helper's test on PostgreSQL. The
 * run's screen passes axe (in full in Japanese) and is photographed.
 */
describe.skipIf(skipBrowserSuites)('the console: the result of moving a closed day', () => {
  test.for<LangCode>(['ja', 'en'])(
    'in %s',
    { timeout: 120_000 },
    async (lang, { newPage, onTestFinished }) => {
      const t = (key: string, values?: Record<string, string | number>) => consoleText(lang, key, values);
      const run = `moves-${lang}-${Date.now().toString(36)}`;
      const product = await timedProduct(SITE, run, PRICE, [SOURCE, TARGET]);
      onTestFinished(() => retireOwnProduct(product.productUuid));
      const [sourceSlot, targetSlot] = product.slotIds;
      const reservations = [];
      for (const [index, tickets] of PARTIES.entries()) {
        reservations.push(
          await prepareReservation({
            site: SITE,
            lang,
            date: tokyoDate(SOURCE.days),
            tickets,
            product: new RegExp(`^${product.name}$`),
            email: `${run}-${index}@example.com`,
          }),
        );
      }

      const account = { ...DEMO_OWNER, email: `e2e-${run}@demo.kippu.test` };
      await twinOfStaffMember(DEMO_OWNER.email, account.email, lang);
      const staff = await newPage(consoleBrowser(lang));
      await signInToConsole(staff, lang, account);

      // The day is closed and its visitors moved, through the console API (the planner's screens are the
      // console web's own tests): the preview first, then the run.
      const body = {
        source: { kind: 'day', product_uuid: product.productUuid, date: tokyoDate(SOURCE.days) },
        target_slot_ids: [targetSlot],
        fallback: 'refund',
      };
      const preview = await consoleApiWrite<CreateMoveResponse>(staff, 'POST', `/sites/${SITE}/moves`, {
        ...body,
        preview: true,
      });
      expect(preview.status).toBe(200);
      expect(preview.body.plan.counts).toMatchObject({
        reservations: 3,
        tickets: 5,
        fits: 2,
        does_not_fit: 1,
      });
      expect(preview.body.plan.source_slots.map((slot) => slot.id)).toEqual([sourceSlot]);
      const started = await consoleApiWrite<CreateMoveResponse>(staff, 'POST', `/sites/${SITE}/moves`, body);
      expect(started.status).toBe(200);
      const moveId = started.body.move_id!;

      // The run's screen: done (the job runs in the server), its counts and its rows.
      await staff.goto(`/console/#/sites/${SITE}/moves/${moveId}`);
      await staff.getByRole('heading', { name: t('moves_run_title', { id: moveId }), level: 1 }).waitFor();
      const main = staff.getByRole('main');
      await expect
        .poll(
          () =>
            main.getByRole('progressbar', { name: t('moves_progress_label') }).getAttribute('aria-valuetext'),
          {
            timeout: 60_000,
          },
        )
        .toBe(t('moves_progress_done', { total: 3 }));
      expect(await figureOf(main, t('moves_state_moved'))).toBe(2);
      expect(await figureOf(main, t('moves_state_refunded'))).toBe(1);
      expect(await figureOf(main, t('moves_state_failed'))).toBe(0);
      const results = main.getByRole('table', { name: t('moves_results') });
      const row = (number: string) => results.getByRole('row').filter({ hasText: number });
      await expect.poll(() => results.locator('tbody tr').count()).toBe(3);
      const rowsSeen = [];
      for (const [index, reservation] of reservations.entries()) {
        // Reservation, tickets, from, to, state, ...: the first two moved to the target, the last refunded.
        const [, tickets, from, to, state] = await row(reservation.reservationNumber)
          .locator('td')
          .allInnerTexts();
        const moved = index < 2;
        expect(tickets).toBe(String(PARTIES[index]));
        expect(state).toBe(t(moved ? 'moves_state_moved' : 'moves_state_refunded'));
        if (moved) expect(to).not.toBe('—');
        else expect(to).toBe('—');
        rowsSeen.push({ from, to });
      }
      // One source slot for all, one target for the two moved.
      expect(new Set(rowsSeen.map((each) => each.from)).size).toBe(1);
      expect(rowsSeen[0]!.to).toBe(rowsSeen[1]!.to);
      await consoleScreen(staff, lang, 'move-result');

      // The state filter: the refunded reservation alone.
      await main.getByLabel(t('state'), { exact: true }).selectOption('refunded');
      await expect.poll(() => results.locator('tbody tr').count()).toBe(1);
      expect(await results.locator('tbody tr').innerText()).toContain(reservations[2]!.reservationNumber);
      await consoleScreen(staff, lang, 'move-result-refunded');

      // What the visitors hold: the refunded reservation's tickets void, the moved ones valid.
      const statuses = async (token: string) =>
        (await visitorTickets(SITE, token)).map((ticket) => ticket.status);
      expect(await statuses(reservations[2]!.reservationToken)).toEqual(['void', 'void']);
      expect(await statuses(reservations[1]!.reservationToken)).toEqual(['valid', 'valid']);
    },
  );
});
