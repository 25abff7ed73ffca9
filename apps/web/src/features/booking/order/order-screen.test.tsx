import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LangCode } from '@kippu/contract/enums';
import { createOrderBodySchema } from '@kippu/contract/endpoints/orders';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { useRequestStore } from '../../../shared/stores/request-store.ts';
import { createQueryClient, prefetchRouteData } from '../../../test/app-shell.tsx';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import OrderScreen from '../screens/order-screen.tsx';
import type { SavedOrderPage } from './order-selection.ts';
import { AUDIO_GUIDE, NOW, serveOrderApi, TIMED, TIMED_SLOTS, type Call } from './order-test-doubles.ts';

const routes = [
  { path: '/order', element: <OrderScreen /> },
  { path: '/sign-in', element: <p>Sign-in step</p> },
  { path: '/membership-login', element: <p>Member login step</p> },
];

function renderOrder(settings: Partial<SiteSettings>, path = '/order', lang: LangCode = 'en') {
  useCoreStore.setState({ configuration: configuration(settings) });
  return renderRoutes(routes, path, lang);
}

const productFirst = { layout: { orderProcedure: 'selectProductBeforeDate' as const } };
const dateFirst = { layout: { orderProcedure: 'selectDateBeforeProduct' as const } };
const section = (name: RegExp) => screen.getByRole('button', { name }).closest('section')!;
/**
 * A day of the calendar, looked for in its grid: a role query over the whole form checks every element at
 * each try, which on a busy machine left few tries inside findBy's time (review finding 22).
 */
const findDay = async (name: string) =>
  within(await screen.findByRole('grid')).findByRole('button', { name });
const gets = (calls: Call[], path: string) =>
  calls.filter((call) => call.method === 'GET' && call.path === path);

// Whole journeys through the form: slower than a unit test on a shared, busy machine.
describe('order screen', { timeout: 20_000 }, () => {
  // The tickets step and the hold countdown are lazy chunks (order-form.tsx, screens/order-screen.tsx): their
  // first import is transformed on demand, which on a busy machine used up a findBy's 8 s inside the first
  // test that reached them (review finding 22). Loaded once here, the tests' waits are for the form alone.
  // A first render of the form also pays one-off costs (the first Intl formats, user-event, React's first
  // commit): in the first test they left too little of its 20 s for the journey. One throwaway render here
  // takes them; its stores, storage and globals are put back as after a test.
  beforeAll(async () => {
    await Promise.all([import('./ticket-step.tsx'), import('../steps/hold-countdown.tsx')]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    serveOrderApi();
    await renderOrder(productFirst);
    await userEvent.click(await screen.findByRole('radio', { name: 'Timed entry' }));
    await screen.findByRole('grid', { name: 'May 2026' });
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useCoreStore.setState(useCoreStore.getInitialState(), true);
    useDialogStore.setState(useDialogStore.getInitialState(), true);
    useRequestStore.setState(useRequestStore.getInitialState(), true);
    delete window.dataLayer;
    sessionStorage.clear();
    localStorage.clear();
  }, 120_000);
  beforeEach(() => {
    // Only Date is faked: timers stay real for Testing Library and user-event.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete window.dataLayer;
  });

  // One journey in two tests: as one it took the whole 20 s on a busy machine (review finding 22).
  it('product before date: product, then a month calendar, then the slots of that product and date', async () => {
    const calls = serveOrderApi();
    await renderOrder(productFirst);
    expect(screen.getByRole('list', { name: 'Booking steps' })).toBeTruthy();

    // Step 1 is open; the later steps say what to do first.
    const dateToggle = screen.getByRole('button', { name: /Choose a date/ });
    expect(dateToggle.getAttribute('aria-disabled')).toBe('true');
    expect(dateToggle.textContent).toContain('Choose a ticket first');
    await userEvent.click(await screen.findByRole('radio', { name: 'Timed entry' }));

    // The calendar asks for this product's statuses and the site's colours for the month.
    const grid = await screen.findByRole('grid', { name: 'May 2026' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    await waitFor(() => expect(gets(calls, 'products/stocks-statuses')).toHaveLength(1));
    const statusCall = gets(calls, 'products/stocks-statuses')[0]!.query;
    expect([statusCall.get('from'), statusCall.get('to'), statusCall.get('product_uuid')]).toEqual([
      '2026-05-01',
      '2026-05-31',
      TIMED,
    ]);
    expect(gets(calls, 'calendar/colors')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Previous month' }).hasAttribute('disabled')).toBe(true);

    const open = await within(grid).findByRole('button', { name: 'Tue, May 12, 2026, Available' });
    expect(open.className).toContain('--colored');
    const few = within(grid).getByRole('button', { name: 'Wed, May 13, 2026, Only 2 left' });
    expect(few.getAttribute('aria-disabled')).toBe('false');
    const soldOut = within(grid).getByRole('button', { name: 'Thu, May 14, 2026, Sold out' });
    expect(soldOut.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(soldOut);
    expect(screen.getByRole('grid')).toBeTruthy(); // still choosing a date
    expect(screen.getByRole('button', { name: /^Sun, May 10, 2026/ }).getAttribute('aria-current')).toBe(
      'date',
    );
    await userEvent.click(open);

    // Slots of that product and date, with status and the few-in-stock count.
    const times = await screen.findByRole('radiogroup', { name: 'Entry times' });
    const stockCall = gets(calls, 'products/stocks')[0]!.query;
    expect([stockCall.get('date'), stockCall.get('product_id'), stockCall.get('lang')]).toEqual([
      '2026-05-12',
      TIMED,
      'en',
    ]);
    expect(
      within(times)
        .getByRole('radio', { name: /12:00 - 13:00/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(times).getByText('Only 3 left')).toBeTruthy();
    expect(
      within(times)
        .getByRole('radio', { name: /11:00 - 12:00/ })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it('product before date, a slot chosen: tickets, add-ons and total; saves and moves on', async () => {
    const calls = serveOrderApi();
    const { router } = await renderOrder(productFirst);
    await userEvent.click(await screen.findByRole('radio', { name: 'Timed entry' }));
    await userEvent.click(await findDay('Tue, May 12, 2026, Available'));
    await userEvent.click(await screen.findByRole('radio', { name: /11:00 - 12:00/ }));

    // Ticket types in display order; three left in the slot caps the count below the product's 4.
    const tickets = await screen.findByRole('list', { name: 'Ticket types' });
    expect(
      within(tickets)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Adult¥3,000'), expect.stringContaining('Child¥1,000')]);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Choose how many tickets you need')).toBeTruthy();
    const addAdult = screen.getByRole('button', { name: 'Add one Adult' });
    await userEvent.click(addAdult);
    await userEvent.click(addAdult);
    await userEvent.click(screen.getByRole('button', { name: 'Add one Child' }));
    expect(addAdult.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(addAdult);
    expect(screen.getByText('Up to 3 tickets per order.')).toBeTruthy();

    // The slot's add-on, at most one per ticket; the total runs along.
    await userEvent.click(await screen.findByRole('button', { name: 'Add one Audio guide' }));
    expect(screen.getByText('¥7,500')).toBeTruthy();
    expect(screen.getByText('3 tickets')).toBeTruthy();

    await userEvent.click(continueButton);
    await screen.findByText('Sign-in step');
    expect(router.state.location.pathname).toBe('/sign-in');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('orders');
    expect(createOrderBodySchema.parse(post.body)).toEqual({
      lang: 'en',
      product_uuid: TIMED,
      time_span_id: 102,
      quantity: 3,
      option_values: [
        { option_value_id: 12, quantity: 1 },
        { option_value_id: 11, quantity: 2 },
      ],
      set_products: [{ set_product_uuid: AUDIO_GUIDE, quantity: 1 }],
    });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    const state = useCoreStore.getState();
    expect(state.orderToken).toBe('new-token');
    const saved = state.savedOrder as SavedOrderPage;
    expect(saved.productOptions).toEqual([
      { name: 'Child', price: 1000, count: 1, productTimespanID: 102 },
      { name: 'Adult', price: 3000, count: 2, productTimespanID: 102 },
    ]);
    expect(saved.expiresAt).toBe('2026-05-10T03:20:00Z');
    expect(state.gtmConversionData).toEqual({ options: saved.productOptions, timeSpanId: 102 });
    // The conversion event reaches the tag manager's data layer (spec §7, §9 total and skus).
    await waitFor(() => expect(window.dataLayer).toHaveLength(1));
    expect(window.dataLayer![0]).toMatchObject({
      event: 'conversion',
      currency: 'JPY',
      time_span_id: 102,
      total_price: 7000,
      total_quantity: 3,
      items: [
        { sku: '102-Child', name: 'Child', price: 1000, quantity: 1 },
        { sku: '102-Adult', name: 'Adult', price: 3000, quantity: 2 },
      ],
    });
  });

  it('date before product: calendar over all products, then the products on that date; a single slot is chosen for you', async () => {
    const calls = serveOrderApi();
    await renderOrder({ ...dateFirst, calendar: { colorized: false } });
    const toggles = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => within(heading).getByRole('button'));
    expect(toggles.map((toggle) => toggle.getAttribute('aria-expanded'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(toggles[0]!.textContent).toContain('Choose a date');

    await userEvent.click(await findDay('Tue, May 12, 2026, Available'));
    expect(gets(calls, 'products/stocks-statuses')[0]!.query.has('product_uuid')).toBe(false);
    expect(gets(calls, 'calendar/colors')).toHaveLength(0);
    expect(section(/Choose a date/).textContent).toContain('Tue, May 12, 2026');

    const products = await screen.findByRole('radiogroup', { name: 'Choose a ticket' });
    // The chosen step closed with the focused day in it: the focus moves on to the next step.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Choose a ticket$/ }));
    expect(document.activeElement!.getAttribute('aria-expanded')).toBe('true');
    expect(gets(calls, 'products/search2')[0]!.query.get('date')).toBe('2026-05-12');
    expect(within(products).getByText('Only 3 left')).toBeTruthy();
    await userEvent.click(within(products).getByRole('radio', { name: 'Day pass' }));

    // The day pass has one slot that day: the time step is done and the tickets open.
    expect(section(/Choose a time/).textContent).toContain('09:00 - 18:00');
    expect(await screen.findByRole('list', { name: 'Ticket types' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Number of tickets/ }));
    expect(gets(calls, 'products/stocks')).toHaveLength(0);
    expect(screen.getByText('Choose 2 to 6 tickets per order.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add one Adult' });
    await userEvent.click(add);
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(add);
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false);
  });

  it('gives the previous hold back first (a 400 is ignored) and goes to member login where the site uses it', async () => {
    const calls = serveOrderApi({
      'DELETE orders/old-token': () =>
        new Response(JSON.stringify({ error: 'record not found' }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    useCoreStore.setState({ orderToken: 'old-token' });
    const { router } = await renderOrder({ ...dateFirst, isUseMembershipLogin: true });
    await userEvent.click(await findDay('Tue, May 12, 2026, Available'));
    await userEvent.click(await screen.findByRole('radio', { name: 'Day pass' }));
    const add = await screen.findByRole('button', { name: 'Add one Adult' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Member login step');
    expect(router.state.location.pathname).toBe('/membership-login');
    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual(['DELETE orders/old-token', 'POST orders']);
    expect(useDialogStore.getState().dialogs).toEqual([]);
    expect(useCoreStore.getState().orderToken).toBe('new-token');
  });

  it('stays on the order with the localized dialog when the hold fails, and reloads the stock', async () => {
    const calls = serveOrderApi({
      'POST orders': () =>
        new Response(JSON.stringify({ error: 'out of stock' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { router } = await renderOrder(dateFirst);
    await userEvent.click(await findDay('Tue, May 12, 2026, Available'));
    await userEvent.click(await screen.findByRole('radio', { name: 'Day pass' }));
    const add = await screen.findByRole('button', { name: 'Add one Adult' });
    await userEvent.click(add);
    await userEvent.click(add);
    const searches = gets(calls, 'products/search2').length;
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(useDialogStore.getState().dialogs).toHaveLength(1));
    expect(useDialogStore.getState().dialogs[0]!.titleKey).toBe('error_dialog_out_of_stock_title');
    expect(router.state.location.pathname).toBe('/order');
    expect(useCoreStore.getState().orderToken).toBeNull();
    await waitFor(() => expect(gets(calls, 'products/search2').length).toBeGreaterThan(searches));
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false);
  });

  it('?ref=c comes back to the saved selection and shows how long the hold lasts', async () => {
    serveOrderApi();
    const saved: SavedOrderPage = {
      productOptions: [{ name: 'Adult', price: 3000, count: 2, productTimespanID: 101 }],
      selection: { productUuid: TIMED, date: '2026-05-12', slotId: 101, tickets: { 11: 2 }, addOns: {} },
      expiresAt: '2026-05-10T03:12:30Z',
      price: 6000,
      productName: 'Timed entry',
      slot: { start: '2026-05-12T10:00:00+09:00', end: '2026-05-12T11:00:00+09:00' },
    };
    useCoreStore.setState({
      orderToken: 'held-token',
      savedOrder: saved,
      accordionOpenFlags: { productList: false, calendarList: false, timeSpans: false, optionValues: true },
    });
    await renderOrder(productFirst, '/order?ref=c', 'ja');
    expect((await screen.findByRole('timer')).getAttribute('aria-label')).toBe('残り 12:30');
    await waitFor(() => expect(section(/チケットを選ぶ/).textContent).toContain('Timed entry'));
    expect(section(/日付を選ぶ/).textContent).toContain('2026年05月12日(火)');
    expect(await screen.findByText('10:00 ~ 11:00')).toBeTruthy();
    const adult = await screen.findByRole('button', { name: 'Adultを1枚増やす' });
    expect(adult.closest('li')!.querySelector('output')!.textContent).toContain('2');
    expect(screen.getByText('6,000円')).toBeTruthy();
    expect(screen.getByRole('button', { name: '次へ進む' }).hasAttribute('disabled')).toBe(false);
  });

  it('a fresh form renders with the answers the app asked for as it started: each call is made once', async () => {
    const calls = serveOrderApi();
    const site = configuration({ ...dateFirst, calendar: { colorized: true } });
    useCoreStore.setState({ configuration: site });
    const queryClient = createQueryClient();
    await prefetchRouteData(queryClient, 'en', '#/order', site.settings);
    await renderRoutes(routes, '/order', 'en', queryClient);
    await waitFor(() => expect(document.querySelector('.month-calendar__day--available')).toBeTruthy());
    // The form's own queries found the answers: no second call once it has mounted.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gets(calls, 'products/stocks-statuses')).toHaveLength(1);
    expect(gets(calls, 'calendar/colors')).toHaveLength(1);
    expect(gets(calls, 'products')).toHaveLength(1);
  });

  it('turns over at Tokyo midnight: the next month shows and the calendar is read again', async () => {
    // Half a second before midnight on 31 May in Tokyo.
    vi.setSystemTime(new Date('2026-05-31T14:59:59.500Z'));
    const calls = serveOrderApi();
    await renderOrder(dateFirst);
    expect(await screen.findByRole('grid', { name: 'May 2026' })).toBeTruthy();
    // Midnight passes while the form is open (the day's timer is a real one).
    vi.setSystemTime(new Date('2026-05-31T15:00:01Z'));
    expect(await screen.findByRole('grid', { name: 'June 2026' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous month' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() =>
      expect(gets(calls, 'products/stocks-statuses').map((call) => call.query.get('from'))).toContain(
        '2026-06-01',
      ),
    );
  });

  it('a fresh visit starts at the first step whatever was left open', async () => {
    serveOrderApi();
    useCoreStore.setState({
      accordionOpenFlags: { productList: false, calendarList: false, timeSpans: false, optionValues: true },
    });
    await renderOrder(productFirst);
    expect(await screen.findByRole('radio', { name: 'Timed entry' })).toBeTruthy();
    expect(useCoreStore.getState().accordionOpenFlags).toEqual({
      productList: true,
      calendarList: false,
      timeSpans: false,
      optionValues: false,
    });
    // The steps the visitor opens are kept for a return (?ref=c).
    await userEvent.click(screen.getByRole('radio', { name: 'Timed entry' }));
    await waitFor(() =>
      expect(useCoreStore.getState().accordionOpenFlags).toEqual({
        productList: false,
        calendarList: true,
        timeSpans: false,
        optionValues: false,
      }),
    );
  });

  it('after a refused hold ("sold out") cuts an impossible quantity to what is left and says why', async () => {
    // The first stock read has 3 left at 11:00; the hold is refused and the reload has 1 left.
    let left = 3;
    const calls = serveOrderApi({
      'GET products/stocks': () =>
        new Response(
          JSON.stringify(TIMED_SLOTS.map((each) => (each.id === 102 ? { ...each, remaining: left } : each))),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
      'POST orders': () => {
        left = 1;
        return new Response(JSON.stringify({ error: 'out of stock' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    await renderOrder(productFirst);
    await userEvent.click(await screen.findByRole('radio', { name: 'Timed entry' }));
    await userEvent.click(await findDay('Tue, May 12, 2026, Available'));
    await userEvent.click(await screen.findByRole('radio', { name: /11:00 - 12:00/ }));
    const add = await screen.findByRole('button', { name: 'Add one Adult' });
    for (let i = 0; i < 3; i += 1) await userEvent.click(add);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(useDialogStore.getState().dialogs).toHaveLength(1));
    useDialogStore.setState({ dialogs: [] });

    // The reloaded stock has 1 left: the 3 chosen become 1, the reason is in a polite live region and
    // Continue holds the 1 that is orderable.
    const notice = await screen.findByText('Only 1 ticket is left for this time, so your quantity is now 1.');
    expect(notice.getAttribute('role')).toBe('status');
    expect(add.closest('li')!.querySelector('output')!.textContent).toContain('1');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton.hasAttribute('disabled')).toBe(false);
    await userEvent.click(continueButton);
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect((calls.filter((call) => call.method === 'POST')[1]!.body as { quantity: number }).quantity).toBe(
      1,
    );
  });

  it('re-reads the slot before holding (orderable_stocks): fallen below the choice, it holds nothing and cuts the quantity', async () => {
    // The slot list said 3 left at 11:00; by Continue only 1 is orderable (issue 32 item 22).
    const orderable = 1;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const calls = serveOrderApi({
      'GET products/stocks': () =>
        json(TIMED_SLOTS.map((each) => (each.id === 102 ? { ...each, remaining: 3 } : each))),
      'GET products/orderable_stocks': () =>
        json({
          product_time_span_id: 102,
          remaining: orderable,
          orderable,
          min_quantity: 1,
          max_quantity: 10,
          status: 'few',
        }),
    });
    await renderOrder(productFirst);
    await userEvent.click(await screen.findByRole('radio', { name: 'Timed entry' }));
    await userEvent.click(await findDay('Tue, May 12, 2026, Available'));
    await userEvent.click(await screen.findByRole('radio', { name: /11:00 - 12:00/ }));
    const add = await screen.findByRole('button', { name: 'Add one Adult' });
    for (let i = 0; i < 3; i += 1) await userEvent.click(add);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('Only 1 ticket is left for this time, so your quantity is now 1.'),
    ).toBeTruthy();
    const recheck = calls.find((call) => call.path === 'products/orderable_stocks');
    expect(recheck?.query.get('product_time_span_id')).toBe('102');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(useDialogStore.getState().dialogs).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect((calls.find((call) => call.method === 'POST')!.body as { quantity: number }).quantity).toBe(1);
  });

  it('back from sign-in (a plain /order) while the hold is alive shows the held selection', async () => {
    serveOrderApi();
    const saved: SavedOrderPage = {
      productOptions: [{ name: 'Adult', price: 3000, count: 2, productTimespanID: 101 }],
      selection: { productUuid: TIMED, date: '2026-05-12', slotId: 101, tickets: { 11: 2 }, addOns: {} },
      expiresAt: '2026-05-10T03:12:30Z',
      price: 6000,
      productName: 'Timed entry',
      slot: { start: '2026-05-12T10:00:00+09:00', end: '2026-05-12T11:00:00+09:00' },
    };
    // The visitor left the tickets step open when they continued to sign-in.
    useCoreStore.setState({
      orderToken: 'held-token',
      savedOrder: saved,
      accordionOpenFlags: { productList: false, calendarList: false, timeSpans: false, optionValues: true },
    });
    await renderOrder(productFirst, '/order');
    expect((await screen.findByRole('timer')).getAttribute('aria-label')).toContain('12:30');
    await waitFor(() => expect(section(/Choose a ticket/).textContent).toContain('Timed entry'));
    const adult = await screen.findByRole('button', { name: 'Add one Adult' });
    expect(adult.closest('li')!.querySelector('output')!.textContent).toContain('2');
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false);
  });

  it('a plain /order after the hold has ended starts empty', async () => {
    serveOrderApi();
    useCoreStore.setState({
      orderToken: 'old-token',
      savedOrder: {
        productOptions: [],
        selection: { productUuid: TIMED, date: '2026-05-12', slotId: 101, tickets: { 11: 2 }, addOns: {} },
        expiresAt: '2026-05-10T02:59:00Z',
        price: 6000,
        productName: 'Timed entry',
        slot: { start: '2026-05-12T10:00:00+09:00', end: '2026-05-12T11:00:00+09:00' },
      } satisfies SavedOrderPage,
    });
    await renderOrder(productFirst, '/order');
    expect(await screen.findByRole('radio', { name: 'Timed entry' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: /Choose a date/ }).getAttribute('aria-disabled')).toBe('true');
  });

  it("back on the form, the tickets the live hold takes count as the visitor's own (no cut, no notice)", async () => {
    // The visitor holds the last 3 of 11:00, so the slot reads 0 left.
    serveOrderApi({
      'GET products/stocks': () =>
        new Response(
          JSON.stringify(
            TIMED_SLOTS.map((each) =>
              each.id === 102 ? { ...each, remaining: 0, status: 'sold_out' } : each,
            ),
          ),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    useCoreStore.setState({
      orderToken: 'held-token',
      savedOrder: {
        productOptions: [{ name: 'Adult', price: 3000, count: 3, productTimespanID: 102 }],
        selection: { productUuid: TIMED, date: '2026-05-12', slotId: 102, tickets: { 11: 3 }, addOns: {} },
        expiresAt: '2026-05-10T03:12:30Z',
        price: 9000,
        productName: 'Timed entry',
        slot: { start: '2026-05-12T11:00:00+09:00', end: '2026-05-12T12:00:00+09:00' },
      } satisfies SavedOrderPage,
      accordionOpenFlags: { productList: false, calendarList: false, timeSpans: false, optionValues: true },
    });
    await renderOrder(productFirst, '/order?ref=c');
    const adult = await screen.findByRole('button', { name: 'Add one Adult' });
    await waitFor(() => expect(screen.getByText('¥9,000')).toBeTruthy());
    expect(adult.closest('li')!.querySelector('output')!.textContent).toContain('3');
    expect(document.querySelector('.order-bar__notice')!.textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false);
  });
});
