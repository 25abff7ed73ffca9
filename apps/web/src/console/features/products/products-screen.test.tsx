import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { productFixture } from './product-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const first = productFixture();
const second = productFixture({
  id: 12,
  names: { ja: '夜間', en: 'Night', 'zh-hans': '夜间', kr: '야간', 'zh-hant': '夜間', th: 'กลางคืน' },
  status: 'published',
  position: 2,
  version: 5,
  ticket_types: [],
  translation_gap_count: 0,
  sale_channels: ['web'],
});
const extras = {
  'GET /sites/MORI/set-products': { status: 200, body: { set_products: [] } },
  'GET /sites/MORI/membership-promotion': { status: 200, body: { membership_login: false, promotion: null } },
};

describe('products screen', () => {
  it('lists state, ticket types with prices, channels and missing languages, and reorders', async () => {
    let products = [first, second];
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/products': () => ({ status: 200, body: { products } }),
      'POST /sites/MORI/products/order': () => {
        products = [
          { ...second, position: 1, version: 6 },
          { ...first, position: 2, version: 4 },
        ];
        return { status: 200, body: { products } };
      },
      ...extras,
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/products');
    const table = await screen.findByRole('table', { name: 'Products of this site' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Permanent exhibition' }).getAttribute('href')).toBe(
      '#/sites/MORI/products/11',
    );
    expect(rows[0]!.textContent).toContain('Draft');
    expect(rows[0]!.textContent).toContain('Adult ¥2,000');
    expect(rows[0]!.textContent).toContain('Web, Box office');
    expect(rows[0]!.textContent).toContain('1 fields miss a language');
    expect(rows[1]!.textContent).toContain('Published');
    expect(rows[1]!.textContent).toContain('All six languages');
    await expectNoAxeViolations(container);

    await user.click(within(rows[1]!).getByRole('button', { name: 'Move Night up' }));
    await vi.waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Night'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      products: [
        { id: 12, expected_version: 5 },
        { id: 11, expected_version: 3 },
      ],
    });
  });

  it('shows a stale order as a conflict with a reload', async () => {
    let reads = 0;
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/products': () => {
        reads += 1;
        return { status: 200, body: { products: [first, second] } };
      },
      'POST /sites/MORI/products/order': { status: 409, body: { error: 'console edit conflict' } },
      ...extras,
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/products');
    await screen.findByRole('table', { name: 'Products of this site' });
    await user.click(screen.getByRole('button', { name: 'Move Permanent exhibition down' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Someone else saved this');
    const before = reads;
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await vi.waitFor(() => expect(reads).toBe(before + 1));
  });

  it('gives a role limited to coupons the list only: no create, no reorder', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('marketing') },
      'GET /sites/MORI/products': { status: 200, body: { products: [first, second] } },
      ...extras,
    });
    await renderConsole('#/sites/MORI/products');
    await screen.findByRole('table', { name: 'Products of this site' });
    expect(screen.queryByText('New product')).toBeNull();
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
    expect(screen.getByText('You can view the products but not change them.')).toBeTruthy();
  });

  it('creates a draft with a name and opens it', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /sites/MORI/products': { status: 200, body: { products: [] } },
      'POST /sites/MORI/products': { status: 200, body: { product: productFixture({ id: 40 }) } },
      'GET /sites/MORI/products/40': { status: 200, body: { product: productFixture({ id: 40 }) } },
      ...extras,
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/products');
    await user.click(await screen.findByText('New product'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/Enter a name in at least one language/)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Name English'), 'Garden');
    await user.selectOptions(screen.getByLabelText('Type'), 'date');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/sites/MORI/products/40'));
    const body = api.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body.product_type).toBe('date');
    expect((body.names as Record<string, string>).en).toBe('Garden');
    expect(body.sale_channels).toEqual(['web']);
  });

  it('adds a set product offered with chosen products, and sets the member price', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /sites/MORI/products': { status: 200, body: { products: [first, second] } },
      'GET /sites/MORI/set-products': { status: 200, body: { set_products: [] } },
      'POST /sites/MORI/set-products': (call) => ({
        status: 200,
        body: {
          set_product: {
            ...(call.body as object),
            id: 3,
            uuid: 'u',
            position: 0,
            version: 1,
            translation_gaps: [],
            in_use: false,
          },
        },
      }),
      'GET /sites/MORI/membership-promotion': {
        status: 200,
        body: { membership_login: true, promotion: null },
      },
      'PUT /sites/MORI/membership-promotion': (call) => ({
        status: 200,
        body: {
          membership_login: true,
          promotion: { ...(call.body as object), version: 1, translation_gaps: [] },
        },
      }),
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/products');
    await user.click(await screen.findByRole('button', { name: 'Add a set product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a set product' });
    await user.type(within(dialog).getByLabelText('Name English'), 'Audio guide');
    const price = within(dialog).getByLabelText('Price (yen, tax included)');
    await user.clear(price);
    await user.type(price, '700');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Night' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      api.calls.find((call) => call.path === '/sites/MORI/set-products' && call.method === 'POST')?.body,
    ).toMatchObject({
      price: 700,
      product_ids: [12],
      names: { en: 'Audio guide' },
    });

    const member = screen.getByRole('region', { name: 'Member price' });
    await user.type(within(member).getByLabelText('Member price label English'), 'Members');
    const percent = within(member).getByLabelText('Discount (%)');
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(within(member).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        discount_percent: 15,
        expected_version: null,
        names: { en: 'Members' },
      }),
    );
  });
});
