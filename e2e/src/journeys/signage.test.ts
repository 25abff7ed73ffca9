import type { Page } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';
import { LANG_CODES, htmlLang, type LangCode, type SignageToday } from '@kippu/contract';
import { describe, expect, expectNoAxeViolations, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { startServer, type RunningServer } from '../server-process.ts';
import { saveScreenshot } from '../screenshots.ts';
import { text } from '../texts.ts';
import {
  expireHold,
  retireProduct,
  spanStock,
  todayDayTicket,
  type TodayDayTicket,
} from './journey-database.ts';
import {
  chooseTickets,
  completePurchase,
  confirmMail,
  newVisitor,
  payByCard,
  reservationNumber,
  signIn,
  tokyoDate,
} from './steps.ts';

/**
 * Issue 11, the entrance signage (`/signage/today-ticket-info`, ADR 032) on a 1920×1080 screen: today's
 * slots with what is left, in the site's colours and large type, a page at a time when the day has more
 * than one screen holds, cycling through the site's languages, without the site's header, footer or any
 * banner. A slot's figure follows a hold, a sale, a cancellation and an expiry made by other visitors
 * within 5 s, and the screen rides out a network drop and a server restart, keeping its last figures and
 * saying it is reconnecting meanwhile. Screenshots in e2e/screenshots/signage/. The screen is opened with a
 * short page time (the URL's `page_seconds`, ADR 056), so a full cycle through the pages and languages
 * takes a fraction of the default 8 s pages' time.
 */

const SITE = 'DEMO';
const SLUG = 'demo';
/**
 * Each page's time on the screen. A change made just as a page comes up must show on it before it turns
 * (atStartOfPageWith): the next 2 s poll, the call that made the change, the round trip and the 100 ms
 * sampling, on a loaded CI machine; the product's 3 s minimum would leave that half a second.
 */
const PAGE_SECONDS = 4;
const PAGE_MS = PAGE_SECONDS * 1000;
const SIGNAGE_PATH = `/${SLUG}/#/signage/today-ticket-info?page_seconds=${PAGE_SECONDS}`;
const SCREEN = { viewport: { width: 1920, height: 1080 } } as const;
/** Issue 11: "updated within 5 seconds of a sale or release". */
const UPDATE_BUDGET_MS = 5_000;
/** A page (and a language) stays PAGE_MS; two rounds of a two-page day and a page more, with slack. */
const PAGE_TURNS_TIMEOUT_MS = 5 * PAGE_MS + 10_000;
/** Every page in each of the six languages: the longest wait for a given language and page to come up. */
const FULL_CYCLE_MS = 6 * 2 * PAGE_MS + 15_000;
/** The screen's longest wait between tries while the server is away (use-signage-poll.ts). */
const MAX_RETRY_MS = 10_000;
/** Large type for a screen read from 3 m: the figures at least this big on a 1920 px wide panel. */
const MIN_FIGURE_FONT_PX = 40;

/** `#3949ab` → `rgb(57, 73, 171)`, as getComputedStyle answers a colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The test's own day ticket on the demo site, off sale again when the test ends. */
async function dayTicketForThisTest(capacity: number): Promise<TodayDayTicket> {
  const ticket = await todayDayTicket(SITE, capacity);
  onTestFinished(() => retireProduct(ticket.productUuid));
  return ticket;
}

/** The product language the screen shows now, from its `lang` attribute (a BCP 47 tag). */
async function screenLang(page: Page): Promise<LangCode | null> {
  const tag = await page.locator('.signage').getAttribute('lang');
  return LANG_CODES.find((code) => htmlLang(code) === tag) ?? null;
}

/** What the screen shows at one moment: its language, page line and the cards with where they are. */
interface ScreenState {
  lang: string;
  title: string;
  pageLine: string | null;
  /** Room left under the last card, and the most another product needs (gap, heading, a row). */
  room: { left: number; nextProductNeeds: number };
  cards: { id: number; status: string; top: number; bottom: number; left: number; right: number }[];
}

function screenState(page: Page): Promise<ScreenState> {
  return page.evaluate(() => {
    const root = document.querySelector('.signage');
    return {
      lang: root?.getAttribute('lang') ?? '',
      title: document.querySelector('.signage h1')?.textContent ?? '',
      pageLine: document.querySelector('.signage__page')?.textContent ?? null,
      room: (() => {
        const area = document.querySelector<HTMLElement>('.signage__products');
        const sections = [...document.querySelectorAll<HTMLElement>('.signage__product')];
        const last = sections.at(-1);
        const cards = [...document.querySelectorAll<HTMLElement>('.signage__slot')];
        const list = sections[0]?.querySelector('.signage__slots');
        if (!area || !last || cards.length === 0 || !list) return { left: 0, nextProductNeeds: 0 };
        const heading = list.getBoundingClientRect().top - sections[0]!.getBoundingClientRect().top;
        const row = Math.max(...cards.map((card) => card.getBoundingClientRect().height));
        return {
          left: area.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom,
          nextProductNeeds: parseFloat(getComputedStyle(area).rowGap) + heading + row,
        };
      })(),
      cards: [...document.querySelectorAll<HTMLElement>('.signage__slot')].map((card) => {
        const box = card.getBoundingClientRect();
        return {
          id: Number(card.dataset.spanId),
          status: card.querySelector('.signage__slot-status')?.textContent ?? '',
          top: box.top,
          bottom: box.bottom,
          left: box.left,
          right: box.right,
        };
      }),
    };
  });
}

const onScreen = (card: ScreenState['cards'][number]) =>
  card.top >= 0 &&
  card.left >= 0 &&
  card.bottom <= SCREEN.viewport.height &&
  card.right <= SCREEN.viewport.width;

/**
 * The figure the screen shows for the span now ("37 left", "残り 37 枚" → 37): null while the span's page
 * is not up, or if its card were drawn (partly) off the screen.
 */
function shownRemaining(page: Page, spanId: number): () => Promise<number | null> {
  return async () => {
    const card = (await screenState(page)).cards.find((c) => c.id === spanId);
    if (!card || !onScreen(card)) return null;
    const digits = card.status.match(/\d+/);
    return digits ? Number(digits[0]) : null;
  };
}

/**
 * Waits until the span's page has just come up, so it stays a page time (PAGE_MS) on the screen: a change
 * made now must show on it within the 5 s budget. On a one-page day it is always up.
 */
async function atStartOfPageWith(page: Page, spanId: number): Promise<void> {
  const shown = async () => (await shownRemaining(page, spanId)()) !== null;
  const paged = (await page.locator('.signage__page').count()) > 0;
  if (paged && (await shown())) {
    await expect.poll(shown, { timeout: PAGE_TURNS_TIMEOUT_MS, interval: 100 }).toBe(false);
  }
  await expect.poll(shown, { timeout: PAGE_TURNS_TIMEOUT_MS, interval: 100 }).toBe(true);
}

/**
 * Waits until the screen shows `expected` for the span, at most UPDATE_BUDGET_MS after `since` (taken just
 * before the change was asked for, so the time includes the call that made it), and answers how long it
 * took.
 */
async function expectShownWithinBudget(
  page: Page,
  spanId: number,
  expected: number,
  since: number,
): Promise<number> {
  await expect
    .poll(shownRemaining(page, spanId), {
      timeout: Math.max(0, since + UPDATE_BUDGET_MS - Date.now()),
      interval: 100,
    })
    .toBe(expected);
  return Date.now() - since;
}

/** Waits (through page turns) until the span's card is up and shows `expected`. */
async function expectShownWhenUp(
  page: Page,
  spanId: number,
  expected: number,
  timeout = PAGE_TURNS_TIMEOUT_MS,
) {
  await expect.poll(shownRemaining(page, spanId), { timeout, interval: 100 }).toBe(expected);
}

/**
 * Another visitor holding and giving back tickets through the public API, as the SPA in their own
 * browser does it: their own context (own address, own XSRF cookie from opening the site's page).
 */
class ApiVisitor {
  private constructor(
    private readonly page: Page,
    private readonly origin: string,
  ) {}

  static async open(newPage: () => Promise<Page>, origin: string): Promise<ApiVisitor> {
    const page = await newPage();
    await page.goto(`${origin}/${SLUG}/`, { waitUntil: 'domcontentloaded' });
    return new ApiVisitor(page, origin);
  }

  private async xsrf(): Promise<Record<string, string>> {
    const cookie = (await this.page.context().cookies(this.origin)).find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('No XSRF-TOKEN cookie after opening the site');
    return { 'X-XSRF-TOKEN': cookie.value };
  }

  /** POST /orders: holds `quantity` tickets of the day ticket; answers the order token. */
  async hold(ticket: TodayDayTicket, quantity: number): Promise<string> {
    const response = await this.page.request.post(`${this.origin}/${SLUG}/api/v1/orders`, {
      headers: await this.xsrf(),
      data: {
        lang: 'en',
        product_uuid: ticket.productUuid,
        time_span_id: ticket.timeSpanId,
        quantity,
        option_values: [{ option_value_id: ticket.optionValueId, quantity }],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { order_token: string }).order_token;
  }

  /** DELETE /orders/{id}: gives the hold back. */
  async cancel(orderToken: string): Promise<void> {
    const response = await this.page.request.delete(`${this.origin}/${SLUG}/api/v1/orders/${orderToken}`, {
      headers: await this.xsrf(),
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

async function openSignage(page: Page, origin: string, ticket: TodayDayTicket): Promise<void> {
  await page.goto(`${origin}${SIGNAGE_PATH}`, { waitUntil: 'domcontentloaded' });
  await expectShownWhenUp(page, ticket.timeSpanId, ticket.capacity);
}

/** The reconnecting notice, checked to be in the language the screen shows at that moment. */
async function reconnectingNotice(page: Page): Promise<string> {
  const [lang, shown] = await Promise.all([
    screenLang(page),
    page
      .locator('.signage')
      .getByRole('status')
      .innerText({ timeout: 1_000 })
      .catch(() => ''),
  ]);
  if (!lang || !shown) return 'none';
  return shown === text(lang, 'signage_reconnecting') ? 'translated' : `"${shown}" in ${lang}`;
}

describe.skipIf(skipBrowserSuites)('the entrance signage at 1920×1080', () => {
  test('every slot of the day on screen in turn, large type, site colours; counts follow a hold, a sale, a cancellation and an expiry within 5 s', async ({
    baseUrl,
    newPage,
  }) => {
    const ticket = await dayTicketForThisTest(40);
    const screen = await newPage(SCREEN);
    await screen.goto(`${baseUrl}${SIGNAGE_PATH}`, { waitUntil: 'domcontentloaded' });
    await expect
      .poll(async () => (await screenState(screen)).cards.length, { timeout: 30_000 })
      .toBeGreaterThan(0);

    // Full screen: none of the site's frame (skip link, header, footer), no dialog or banner over it.
    expect(await screen.getByRole('banner').count()).toBe(0);
    expect(await screen.getByRole('contentinfo').count()).toBe(0);
    expect(await screen.getByRole('dialog').count()).toBe(0);
    expect(await screen.getByRole('alertdialog').count()).toBe(0);
    expect(await screen.locator('.skip-link, .site-header, .site-footer').count()).toBe(0);
    expect(await screen.locator('body').innerText()).not.toMatch(/cookie|クッキー/i);

    // The site's colours (its theme's primary and on-primary) and figures big enough for 3 m.
    const configuration = (await (
      await screen.request.get(`${baseUrl}/${SLUG}/api/v1/configurations`)
    ).json()) as { settings: { theme: { primary: string; onPrimary: string } } };
    const { theme } = configuration.settings;
    const look = await screen.locator('.signage').evaluate((element) => {
      const style = getComputedStyle(element);
      const figure = element.querySelector('.signage__slot-status')!;
      return {
        background: style.backgroundColor,
        color: style.color,
        figurePx: parseFloat(getComputedStyle(figure).fontSize),
        width: element.getBoundingClientRect().width,
        height: element.getBoundingClientRect().height,
      };
    });
    expect(look.background).toBe(rgb(theme.primary));
    expect(look.color).toBe(rgb(theme.onPrimary));
    expect(look.figurePx).toBeGreaterThanOrEqual(MIN_FIGURE_FONT_PX);
    expect([look.width, look.height]).toEqual([1920, 1080]);

    // Watched through the pages until Japanese and English have both been up (one round from ja, the first
    // language, to en; longer if the page was slow to open): every slot of the day is shown whole on some
    // page, none is ever drawn below the screen's edge, the title and the page line are in the language
    // shown.
    const today = (await (
      await screen.request.get(`${baseUrl}/${SLUG}/api/v1/signage/today`)
    ).json()) as SignageToday;
    const allSlots = today.products.flatMap((product) => product.slots.map((slot) => slot.id));
    expect(allSlots).toContain(ticket.timeSpanId);
    const seen = new Set<number>();
    const pictures = new Set<string>();
    const offScreen: string[] = [];
    let underfilled: string[] = [];
    const pageLines = new Set<string>();
    const titles = new Set<string>();
    const wanted = ['ja-page-1', 'ja-page-2', 'en-page-1'];
    // A language's page count may change once while the screen settles (its first plan was measured before
    // the screen had its final size); what it shows from then on is what is checked, for a full cycle more.
    const totals = new Map<string, number>();
    const replans: string[] = [];
    let deadline = Date.now() + FULL_CYCLE_MS;
    while (Date.now() < deadline) {
      const state = await screenState(screen);
      const pageTotal = Number(state.pageLine?.match(/\d+/g)?.[1] ?? 1);
      const planned = totals.get(state.lang);
      if (planned !== undefined && planned !== pageTotal) {
        replans.push(`${state.lang}: ${planned} → ${pageTotal} pages`);
        console.log(`[signage] ${state.lang} re-planned from ${planned} to ${pageTotal} pages`);
        // Once per language while settling; a screen that keeps re-planning fails.
        if (replans.filter((entry) => entry.startsWith(`${state.lang}: `)).length > 1) break;
        for (const line of [...pageLines]) if (line.startsWith(`${state.lang}: `)) pageLines.delete(line);
        for (const name of [...pictures]) if (name.startsWith(`${state.lang}-`)) pictures.delete(name);
        underfilled = underfilled.filter((entry) => !entry.startsWith(`${state.lang}: `));
        deadline = Date.now() + FULL_CYCLE_MS;
      }
      totals.set(state.lang, pageTotal);
      titles.add(`${state.lang}: ${state.title}`);
      for (const card of state.cards) {
        if (onScreen(card)) seen.add(card.id);
        else offScreen.push(`${card.id} at ${Math.round(card.top)}–${Math.round(card.bottom)}`);
      }
      if (state.pageLine) pageLines.add(`${state.lang}: ${state.pageLine}`);
      // A page before the last is full: not even a product's heading and one row would have fitted on it.
      const [current, total] = (state.pageLine?.match(/\d+/g) ?? []).map(Number);
      if (current! < total! && state.room.left >= state.room.nextProductNeeds) {
        underfilled.push(`${state.lang}: ${state.pageLine}: ${Math.round(state.room.left)} px left`);
      }
      const picture = `${state.lang}-page-${state.pageLine?.match(/\d+/)?.[0] ?? '1'}`;
      if (!pictures.has(picture)) {
        // Exactly one screen: nothing below it to scroll to.
        const height = await screen.evaluate(() => document.documentElement.scrollHeight - innerHeight);
        expect(height, `${picture}: px below the screen`).toBeLessThanOrEqual(0);
        await saveScreenshot(screen, `signage/${picture}`, { wholePage: false });
        // A page can turn while the picture is taken (on a loaded machine more often): then it is taken
        // again when the page is next up. The axe check comes after, outside that window: it takes seconds.
        const after = await screenState(screen);
        if (after.lang === state.lang && after.pageLine === state.pageLine) pictures.add(picture);
        await expectNoAxeViolations(screen);
      }
      if (wanted.every((name) => pictures.has(name)) && seen.size === allSlots.length) break;
      // The next look once the screen turns a page (or changes language); a page is up for seconds.
      await screen
        .waitForFunction(
          ([lang, line]) =>
            (document.querySelector('.signage')?.getAttribute('lang') ?? '') !== lang ||
            (document.querySelector('.signage__page')?.textContent ?? null) !== line,
          [state.lang, state.pageLine] as const,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
    }
    expect(new Set(replans.map((entry) => entry.split(':')[0])).size).toBe(replans.length);
    expect(offScreen).toEqual([]);
    expect(underfilled).toEqual([]);
    expect([...seen].sort()).toEqual([...allSlots].sort());
    expect([...pictures]).toEqual(expect.arrayContaining(wanted));
    expect([...titles]).toEqual(
      expect.arrayContaining([`ja: ${text('ja', 'signage_title')}`, `en: ${text('en', 'signage_title')}`]),
    );
    // The demo day is more than one screen: the pages are numbered in each language they are shown in.
    // Each language has its own count: a status that wraps onto two lines ("Sales closed") makes every
    // row of that language taller, so its day can take a page more.
    const pagesIn = (lang: LangCode) =>
      Number([...pageLines].find((line) => line.startsWith(`${lang}: `))?.match(/(\d+)\D+(\d+)/)?.[2] ?? 1);
    expect(pagesIn('ja')).toBeGreaterThan(1);
    expect([...pageLines]).toEqual(
      expect.arrayContaining([
        `ja: ${text('ja', 'signage_page', { current: 1, total: pagesIn('ja') })}`,
        `ja: ${text('ja', 'signage_page', { current: 2, total: pagesIn('ja') })}`,
        `en: ${text('en', 'signage_page', { current: 1, total: pagesIn('en') })}`,
      ]),
    );
    const timings: Record<string, number> = {};

    // (a) A hold by another visitor: the figure falls.
    const other = await ApiVisitor.open(newPage, baseUrl);
    await atStartOfPageWith(screen, ticket.timeSpanId);
    expect(await shownRemaining(screen, ticket.timeSpanId)()).toBe(40);
    let since = Date.now();
    const held = await other.hold(ticket, 3);
    timings.hold = await expectShownWithinBudget(screen, ticket.timeSpanId, 37, since);
    const lang = await screenLang(screen);
    expect((await screenState(screen)).cards.find((c) => c.id === ticket.timeSpanId)?.status).toBe(
      text(lang!, 'signage_left', { count: 37 }),
    );

    // (b) A sale in another window: a visitor buys two tickets with the simulator card. Their hold shows
    // within 5 s; once paid, the two stay off the count.
    const buyer = await newPage();
    const visitor = newVisitor('en', 'signage-buyer');
    await openPage(buyer, `/${SLUG}/?lang=en`);
    let continuedAt = 0;
    await chooseTickets(buyer, 'en', {
      date: tokyoDate(0),
      product: /Garden day pass/,
      tickets: 2,
      beforeContinue: async () => {
        await atStartOfPageWith(screen, ticket.timeSpanId);
        continuedAt = Date.now();
      },
    });
    timings.saleHold = await expectShownWithinBudget(screen, ticket.timeSpanId, 35, continuedAt);
    await signIn(buyer, visitor);
    await confirmMail(buyer, visitor);
    await payByCard(buyer, 'en');
    await completePurchase(buyer, 'en');
    expect(await reservationNumber(buyer)).toMatch(/\S/);
    expect(await spanStock(ticket.timeSpanId)).toEqual({ held: 3, sold: 2 });
    // The count has not moved since the hold showed: it is 35 whenever the page is up, checked as it next
    // comes up, which is where (c) starts.
    await atStartOfPageWith(screen, ticket.timeSpanId);
    expect(await shownRemaining(screen, ticket.timeSpanId)()).toBe(35);

    // (c) The first visitor cancels: their three come back, the two sold stay sold.
    since = Date.now();
    await other.cancel(held);
    timings.cancel = await expectShownWithinBudget(screen, ticket.timeSpanId, 38, since);

    // (d) A hold that runs out: the sweeper gives it back and the figure rises.
    const forgotten = await other.hold(ticket, 4);
    await expectShownWhenUp(screen, ticket.timeSpanId, 34);
    await atStartOfPageWith(screen, ticket.timeSpanId);
    since = Date.now();
    await expireHold(forgotten);
    timings.expiry = await expectShownWithinBudget(screen, ticket.timeSpanId, 38, since);
    expect(await spanStock(ticket.timeSpanId)).toEqual({ held: 0, sold: 2 });

    console.info(
      `[signage] ${pagesIn('ja')} pages in ja, ${pagesIn('en')} in en; on-screen update after each change (ms): ${JSON.stringify(timings)}`,
    );
  }, 300_000);

  test('a network drop: the last figures stay, a translated "reconnecting" shows, then updates resume', async ({
    baseUrl,
    newPage,
  }) => {
    const ticket = await dayTicketForThisTest(25);
    const screen = await newPage(SCREEN);
    await openSignage(screen, baseUrl, ticket);
    const other = await ApiVisitor.open(newPage, baseUrl);

    await screen.context().setOffline(true);
    await expect.poll(() => reconnectingNotice(screen), { timeout: 10_000 }).toBe('translated');

    // Tickets go while the screen is cut off: after more than a poll's interval it still shows (and turns
    // the pages of) its last figures. Held at once, while the backoff after one failure is still 2 s.
    await other.hold(ticket, 5);
    // The screen's next poll after the hold (failing, offline) is the moment it could have shown them.
    await screen.waitForEvent('requestfailed', {
      predicate: (request) => request.url().includes('/signage/'),
      timeout: 40_000,
    });
    await expectNoAxeViolations(screen);
    // Checked as the span's page next comes up, which leaves that page's time for going back online.
    await atStartOfPageWith(screen, ticket.timeSpanId);
    expect(await shownRemaining(screen, ticket.timeSpanId)()).toBe(25);
    expect(await reconnectingNotice(screen)).toBe('translated');
    // Back online, it asks at once and shows them.
    const onlineAt = Date.now();
    await screen.context().setOffline(false);
    await expectShownWithinBudget(screen, ticket.timeSpanId, 20, onlineAt);
    await expect.poll(() => reconnectingNotice(screen), { timeout: 5_000 }).toBe('none');
  }, 150_000);

  test('a server restart: the screen keeps its figures, says it is reconnecting, and resumes on the same address', async ({
    baseUrl,
    newPage,
  }) => {
    // A server process of its own on the suite's database (several processes share one database in
    // production too), so stopping it leaves the suite's server alone.
    const env = {
      DATABASE_URL: inject('e2eDatabaseUrl'),
      SEED_DEMO_DATA: 'true',
      APP_SECRET: `signage-restart-${Date.now()}`.padEnd(40, 'x'),
    };
    let own: RunningServer | undefined = await startServer(env);
    try {
      const origin = own.baseUrl;
      const port = Number(new URL(origin).port);
      const ticket = await dayTicketForThisTest(30);
      const screen = await newPage(SCREEN);
      await openSignage(screen, origin, ticket);
      // Opened before the stop: the server's time away (and so the screen's backoff) is no longer for it.
      const other = await ApiVisitor.open(newPage, baseUrl);

      await own.stop();
      own = undefined;
      const downAt = Date.now();
      await expect.poll(() => reconnectingNotice(screen), { timeout: 10_000 }).toBe('translated');
      const noticeAfterMs = Date.now() - downAt;
      // The last figures stay on the wall (and its pages go on turning) while the server is away.
      await expectShownWhenUp(screen, ticket.timeSpanId, 30);
      expect(await reconnectingNotice(screen)).toBe('translated');
      await expectNoAxeViolations(screen);
      await saveScreenshot(screen, `signage/${(await screenLang(screen)) ?? 'x'}-reconnecting`, {
        wholePage: false,
      });

      // Tickets sold meanwhile through the suite's other server process.
      await other.hold(ticket, 6);

      const restartedAt = Date.now();
      own = await startServer(env, { port });
      const upAt = Date.now();
      // Opened while the screen finds its way back: it has nothing to do with the screen's retries.
      const opening = ApiVisitor.open(newPage, origin);
      opening.catch(() => undefined); // reported where it is awaited, not as an unhandled rejection
      // The retries wait at most 10 s, then the figure shows when its page is next up.
      await expectShownWhenUp(screen, ticket.timeSpanId, 24, MAX_RETRY_MS + PAGE_TURNS_TIMEOUT_MS);
      const resumedAfterMs = Date.now() - upAt;
      await expect.poll(() => reconnectingNotice(screen), { timeout: 5_000 }).toBe('none');

      // Polling goes on: a hold through the restarted process shows when the slot's page is next up. The
      // 5 s budget is the first test's, on a warm server: a process this fresh answered its first hold late on
      // a loaded CI machine (twice on 2026-11-28), and the page had turned by then.
      const again = await opening;
      const heldAt = Date.now();
      await again.hold(ticket, 2);
      await expectShownWhenUp(screen, ticket.timeSpanId, 22);
      const holdMs = Date.now() - heldAt;
      console.info(
        `[signage] restart: notice after ${noticeAfterMs} ms, server start ${upAt - restartedAt} ms, ` +
          `figure back on screen ${resumedAfterMs} ms after the start, next hold shown after ${holdMs} ms`,
      );
    } finally {
      await own?.stop();
    }
  }, 240_000);
});
