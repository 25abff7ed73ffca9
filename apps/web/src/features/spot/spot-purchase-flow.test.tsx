import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setProductSearchResponseSchema } from '@kippu/contract/endpoints/catalogue-set-products';
import { fieldTemplatesResponseSchema } from '@kippu/contract/endpoints/field-templates';
import { temporaryOrderSchema } from '@kippu/contract/endpoints/orders';
import { spotProductsResponseSchema, spotStocksResponseSchema } from '@kippu/contract/endpoints/spot';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import { useSpotStore, useSpotTokensStore } from '../../shared/stores/spot-store.ts';
import { created, fakeApi, ok } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { configuration } from '../../test/site-settings-fixture.ts';
import SpotOrderFieldsScreen from './screens/spot-order-fields-screen.tsx';
import SpotProductsScreen from './screens/spot-products-screen.tsx';
import SpotScreen from './screens/spot-screen.tsx';
import SpotTicketInquiryScreen from './screens/spot-ticket-inquiry-screen.tsx';

/**
 * Issue 32 items 15–17 and 19–21 on the spot screens, with the API faked: the venue's products, set products
 * in the hold, the selection restored after a reload, the conversion pushed, the order fields from the site's
 * templates, and the phone's holds read and pruned.
 */
const QR = 'qr-token-1';
const ORDER = 'spot-order-9';
const POSTER = '11111111-1111-4111-8111-111111111111';
const NIGHT = '22222222-2222-4222-8222-222222222222';
const DRINK = '33333333-3333-4333-8333-333333333333';

const product = (uuid: string, name: string) => ({
  uuid,
  product_type: 'time' as const,
  name,
  description: '',
  caution: '',
  image_url: null,
  sale_channels: ['web' as const, 'spot' as const],
  min_quantity: 1,
  max_quantity: 10,
  option_values: [
    { id: 1, name: 'Adult', price: 2000, display_position: 0 },
    { id: 2, name: 'Child', price: 800, display_position: 1 },
  ],
  display_position: 0,
});

const stocks = spotStocksResponseSchema.parse({
  date: '2030-05-01',
  product: product(NIGHT, 'Night garden'),
  slots: [
    {
      id: 71,
      start: '2030-05-01T18:00:00+09:00',
      end: '2030-05-01T18:30:00+09:00',
      capacity: 20,
      remaining: 12,
      status: 'available',
    },
    {
      id: 72,
      start: '2030-05-01T18:30:00+09:00',
      end: '2030-05-01T19:00:00+09:00',
      capacity: 20,
      remaining: 12,
      status: 'available',
    },
  ],
  expires_at: '2030-08-01T00:00:00.000Z',
});

const addOns = setProductSearchResponseSchema.parse([
  {
    uuid: DRINK,
    name: 'Drink',
    description: 'One drink at the bar',
    price: 700,
    display_position: 0,
    main_product_time_span_ids: [71],
  },
]);

const ROUTES: RouteObject[] = [
  { path: '/spot', element: <SpotScreen /> },
  { path: '/spot/products', element: <SpotProductsScreen /> },
  { path: '/spot/order-fields/:reservationToken', element: <SpotOrderFieldsScreen /> },
  { path: '/spot/payment', element: <h1>Payment page</h1> },
  { path: '/spot/ticket-inquiry', element: <SpotTicketInquiryScreen /> },
];

beforeEach(() => {
  window.dataLayer = [];
  useSpotStore.setState(useSpotStore.getInitialState(), true);
  useSpotTokensStore.setState(useSpotTokensStore.getInitialState(), true);
  useSpotStore.setState({ qrToken: QR });
  useCoreStore.setState({ configuration: configuration() });
});

describe('/spot/products (issue 32 item 19)', () => {
  it("lists the venue's spot products, the poster's first, each leading to its order screen", async () => {
    const api = fakeApi({
      'GET spot/products': ok(
        spotProductsResponseSchema.parse({
          date: '2030-05-01',
          poster_product_uuid: POSTER,
          products: [
            { product: product(NIGHT, 'Night garden'), open_slots: 3 },
            { product: product(POSTER, 'Day garden'), open_slots: 0 },
          ],
          expires_at: '2030-08-01T00:00:00.000Z',
        }),
      ),
    });
    await renderRoutes(ROUTES, '/spot/products');
    const list = await screen.findByRole('list', { name: 'Tickets at this venue' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Day garden'),
      expect.stringContaining('Night garden'),
    ]);
    expect(rows[0]!.textContent).toContain('This poster');
    expect(rows[0]!.textContent).toContain('There are no more times on sale today.');
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    const choose = within(rows[1]!).getByRole('link', { name: /Choose this ticket/ });
    expect(choose.getAttribute('href')).toBe(`/spot?qr_token=${QR}&product=${NIGHT}`);
    expect(api.calls[0]!.query.get('qr_token')).toBe(QR);
  });
});

describe('the spot order screen (issue 32 items 16, 17, 21)', () => {
  it('holds tickets with a set product, pushes conversion, and goes on to the order fields', async () => {
    const api = fakeApi({
      'GET spot/products/stocks': ok(stocks),
      'GET spot/setproducts/search': ok(addOns),
      'POST spot/orders': created({
        order_token: ORDER,
        expires_at: '2030-05-01T09:20:00.000Z',
        price: 4700,
      }),
    });
    const { router } = await renderRoutes(ROUTES, `/spot?qr_token=${QR}&product=${NIGHT}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^18:00/ }));
    await user.click(screen.getByRole('button', { name: 'Add one Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add one Adult' }));
    await user.click(await screen.findByRole('button', { name: 'Add one Drink' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/spot/order-fields/${ORDER}`));
    const stocksCall = api.calls.find((call) => call.path === 'spot/products/stocks')!;
    expect(stocksCall.query.get('product_uuid')).toBe(NIGHT);
    const search = api.calls.find((call) => call.path === 'spot/setproducts/search')!;
    expect([search.query.get('qr_token'), search.query.get('main_product_time_span_ids')]).toEqual([
      QR,
      '71',
    ]);
    expect(api.calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      qr_token: QR,
      product_uuid: NIGHT,
      time_span_id: 71,
      quantity: 2,
      option_values: [{ option_value_id: 1, quantity: 2 }],
      set_products: [{ set_product_uuid: DRINK, quantity: 1 }],
    });
    expect(useSpotTokensStore.getState().orderTokens).toEqual([
      { token: ORDER, expiresAt: '2030-05-01T09:20:00.000Z' },
    ]);
    expect(useSpotStore.getState().spotGtmConversionData).toEqual({
      timeSpanId: 71,
      options: [{ name: 'Adult', price: 2000, count: 2, productTimespanID: 71 }],
    });
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({
        event: 'conversion',
        time_span_id: 71,
        total_price: 4000,
        total_quantity: 2,
      }),
    );
  });

  it('restores the selection after a reload (spot order page data)', async () => {
    useSpotStore.setState({
      savedSpotOrder: { productUuid: NIGHT, timeSpanId: 72, counts: { 2: 3 }, setCounts: {} },
    });
    fakeApi({ 'GET spot/products/stocks': ok(stocks), 'GET spot/setproducts/search': ok([]) });
    await renderRoutes(ROUTES, `/spot?qr_token=${QR}&product=${NIGHT}`);
    expect(((await screen.findByRole('radio', { name: /^18:30/ })) as HTMLInputElement).checked).toBe(true);
    const child = screen.getByRole('button', { name: 'Add one Child' }).closest('li')!;
    expect(within(child).getByRole('status').textContent).toBe('3');
    expect(screen.getByText('¥2,400')).toBeTruthy();
  });
});

describe('/spot/order-fields (issue 32 item 20)', () => {
  it("asks the e-mail address and the site's displayed spot fields, and saves them before payment", async () => {
    useSpotStore.setState({ orderToken: ORDER });
    const order = temporaryOrderSchema.parse({
      lang: 'en',
      price: 4700,
      customer_info: [],
      main_product: {
        product_name: 'Night garden',
        description: '',
        sale_type: 'time',
        quantity: 2,
        reservation_from: '2030-05-01T09:00:00.000Z',
        reservation_to: '2030-05-01T09:30:00.000Z',
        product_time_span_id: 71,
        naming_right: null,
        caution: '',
        order_options: [{ id: 1, name: 'Adult', type: 'adult', add_cost: 2000, quantity: 2 }],
      },
      set_products: [{ product_name: 'Drink', add_cost: 700, quantity: 1 }],
      coupons: [],
      membership_promotion: null,
      status: 'holding',
      expires_at: '2030-05-01T09:20:00.000Z',
    });
    const templates = fieldTemplatesResponseSchema.parse(
      [
        // The seed's order: a profile field may come before the address (FIELD_NAMES order).
        ['gender', true, false],
        ['email', true, true],
        ['fullname', true, true],
        ['phone', true, true],
        ['age', false, false],
      ].map(([field_name, is_display, is_require]) => ({
        field_name,
        field_type: field_name === 'gender' ? 'select' : 'text',
        is_display,
        is_require,
      })),
    );
    const api = fakeApi({
      'GET field_templates': ok(templates),
      [`GET orders/${ORDER}`]: ok(order),
      [`PUT spot/orders/${ORDER}`]: ok({ order_token: ORDER, status: 'ready_checkout', customer_info: [] }),
    });
    const { router } = await renderRoutes(ROUTES, `/spot/order-fields/${ORDER}`);
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: /Email address/ });
    // The address under "Where to send your ticket", the profile fields under "About you".
    const mail = screen.getByRole('region', { name: 'Where to send your ticket' });
    expect(within(mail).getAllByRole('textbox')).toEqual([email]);
    expect(within(mail).queryByRole('textbox', { name: /Gender/ })).toBeNull();
    // Displayed spot fields only: no phone (not a spot field), no age (not displayed).
    expect(screen.getByRole('textbox', { name: /Full name/ })).toBeTruthy();
    // (The fixture site has no gender options: the field falls back to free text.)
    expect(screen.getByRole('textbox', { name: /Gender/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Phone number/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Age/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.type(email, 'li@example.cn');
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Li Hua');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/spot/payment'));
    expect(api.calls.find((call) => call.method === 'PUT')!.body).toEqual({
      customer_info: [
        { key: 'email', value: 'li@example.cn' },
        { key: 'fullname', value: 'Li Hua' },
      ],
    });
  });
});

describe('/spot/ticket-inquiry: the spot order tokens (issue 32 item 15)', () => {
  it("shows this phone's live hold and prunes lapsed holds and long-past tickets", async () => {
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    const past = new Date(Date.now() - 60_000).toISOString();
    useSpotStore.setState({ orderToken: ORDER });
    useSpotTokensStore.setState({
      orderTokens: [
        { token: ORDER, expiresAt: soon },
        { token: 'lapsed', expiresAt: past },
      ],
      tickets: [
        {
          reservationToken: 'r-new',
          reservationNumber: 'NEW0000001',
          productName: 'Night garden',
          productType: 'time',
          startsAt: new Date().toISOString(),
          endsAt: new Date().toISOString(),
          count: 1,
        },
        {
          reservationToken: 'r-old',
          reservationNumber: 'OLD0000001',
          productName: 'Old garden',
          productType: 'date',
          startsAt: '2020-01-01T00:00:00.000Z',
          endsAt: '2020-01-01T09:00:00.000Z',
          count: 1,
        },
      ],
    });
    fakeApi({});
    await renderRoutes(ROUTES, '/spot/ticket-inquiry');
    const holds = await screen.findByRole('list', { name: 'Tickets on hold' });
    expect(within(holds).getAllByRole('listitem')).toHaveLength(1);
    expect(within(holds).getByRole('link', { name: 'Continue buying' }).getAttribute('href')).toBe(
      `/spot/order-fields/${ORDER}`,
    );
    await waitFor(() =>
      expect(useSpotTokensStore.getState().orderTokens.map((entry) => entry.token)).toEqual([ORDER]),
    );
    expect(useSpotTokensStore.getState().tickets.map((ticket) => ticket.reservationToken)).toEqual(['r-new']);
    const bought = screen.getByRole('list', { name: 'Tickets bought on this phone' });
    expect(within(bought).getAllByRole('listitem')).toHaveLength(1);
  });
});
