import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { batchFixture, couponFixture } from './coupon-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const common = {
  'GET /session': { status: 200, body: sessionOf('marketing') },
  'GET /sites/MORI/products': {
    status: 200,
    body: {
      products: [
        {
          id: 11,
          uuid: 'u',
          product_type: 'time',
          names: { ja: '常設展', en: 'Permanent', 'zh-hans': '', kr: '', 'zh-hant': '', th: '' },
          status: 'published',
          position: 1,
          version: 1,
          sale_channels: ['web'],
          sale_starts_at: null,
          sale_ends_at: null,
          ticket_types: [],
          translation_gap_count: 0,
          updated_at: '2026-11-28T08:00:00Z',
        },
      ],
    },
  },
  'GET /sites/MORI/coupon-campaigns': { status: 200, body: { campaigns: [] } },
  'GET /sites/MORI/coupon-payment-methods': {
    status: 200,
    body: { payment_methods: ['stripe_secure', 'gmo_3ds', 'gmo_paypay'] },
  },
};
const noUses = { used_count: 0, discount_total: 0, orders_visible: true, uses: [], truncated: false };

async function fillNames(user: ReturnType<typeof userEvent.setup>, name: string) {
  for (const lang of ['日本語', 'English', '简体中文', '한국어', '繁體中文', 'ไทย'])
    await user.type(screen.getByLabelText(`Name ${lang}`), name);
}

describe('coupon screen', () => {
  it('creates a fixed coupon for chosen products; a taken code is shown at the code', async () => {
    let taken = true;
    const api = fakeConsoleApi({
      ...common,
      'POST /sites/MORI/coupons': () =>
        taken
          ? { status: 409, body: { error: 'console code taken' } }
          : { status: 200, body: { coupon: couponFixture({ id: 77, code: 'AUTUMN500' }) } },
      'GET /sites/MORI/coupons/77': {
        status: 200,
        body: { coupon: couponFixture({ id: 77, code: 'AUTUMN500' }) },
      },
      'GET /sites/MORI/coupons/77/uses': { status: 200, body: noUses },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/coupons/new');
    await screen.findByRole('heading', { name: 'New coupon', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findAllByText('Enter the name in all six languages (up to 200 characters).'),
    ).toHaveLength(6);
    expect(
      screen.getByText('Use 3 to 64 letters, digits, - and _, starting with a letter or digit.'),
    ).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Code'), 'AUTUMN500');
    await user.click(screen.getByLabelText('Fixed amount off'));
    await user.type(screen.getByLabelText('Discount (yen)'), '500');
    await fillNames(user, 'Autumn');
    await user.type(screen.getByLabelText('Campaign'), 'autumn');
    await user.type(screen.getByLabelText('Visit dates from'), '2026-12-01');
    await user.type(screen.getByLabelText('Visit dates until'), '2026-12-24');
    await user.click(screen.getByLabelText('Every product'));
    await user.click(await screen.findByLabelText('Permanent'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const code = screen.getByLabelText('Code');
    await vi.waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/already/i)).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    taken = false;
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/sites/MORI/coupons/77'));
    const body = api.calls.filter((call) => call.method === 'POST').at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'AUTUMN500',
      kind: 'fixed',
      discount_value: 500,
      campaign: 'autumn',
      coverage_from: '2026-12-01',
      coverage_to: '2026-12-24',
      product_ids: [11],
      channels: ['web'],
      usage_limit: null,
      valid_from: null,
      enabled: true,
      payment_methods: null,
    });
  });

  it('binds a coupon to payment methods: ticked boxes are sent, none ticked sends null, the state shows it', async () => {
    let stored: string[] | null = ['gmo_paypay', 'alipay'];
    let version = 2;
    const api = fakeConsoleApi({
      ...common,
      'GET /sites/MORI/coupons/31': () => ({
        status: 200,
        body: { coupon: couponFixture({ payment_methods: stored, version }) },
      }),
      'GET /sites/MORI/coupons/31/uses': { status: 200, body: noUses },
      'PUT /sites/MORI/coupons/31': (call) => {
        stored = (call.body as { payment_methods: string[] | null }).payment_methods;
        version += 1;
        return { status: 200, body: { coupon: couponFixture({ payment_methods: stored, version }) } };
      },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/coupons/31');
    const state = await screen.findByRole('region', { name: 'State' });
    expect(state.textContent).toContain('Only when paid by PayPay (GMO) or Alipay');
    const methods = screen.getByRole('group', { name: 'Payment methods' });
    // A method the site no longer offers stays listed, ticked, so it can be unticked.
    const alipay = await within(methods).findByRole('checkbox', { name: 'Alipay (no longer offered)' });
    expect(
      within(methods)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual([
      'Card with 3-D Secure (Stripe)',
      'Card with 3-D Secure (GMO)',
      'PayPay (GMO)',
      'Alipay (no longer offered)',
    ]);
    expect((alipay as HTMLInputElement).checked).toBe(true);
    expect(
      (within(methods).getByRole('checkbox', { name: 'PayPay (GMO)' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(methods.getAttribute('aria-describedby')).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await user.click(alipay);
    await user.click(within(methods).getByRole('checkbox', { name: 'Card with 3-D Secure (GMO)' }));
    expect(screen.getByText('Only when paid by Card with 3-D Secure (GMO) or PayPay (GMO)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const first = api.calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect([...(first.payment_methods as string[])].sort()).toEqual(['gmo_3ds', 'gmo_paypay']);
    expect(first.expected_version).toBe(2);
    await vi.waitFor(() =>
      // In the order the server answers (the order the boxes were ticked).
      expect(screen.getByRole('region', { name: 'State' }).textContent).toContain(
        'Only when paid by PayPay (GMO) or Card with 3-D Secure (GMO)',
      ),
    );

    const after = screen.getByRole('group', { name: 'Payment methods' });
    await user.click(within(after).getByRole('checkbox', { name: 'Card with 3-D Secure (GMO)' }));
    await user.click(within(after).getByRole('checkbox', { name: 'PayPay (GMO)' }));
    expect(screen.getByText('Any payment method')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    const second = api.calls.filter((call) => call.method === 'PUT')[1]!.body as Record<string, unknown>;
    expect(second).toMatchObject({ payment_methods: null, expected_version: 3 });
    await vi.waitFor(() =>
      expect(screen.getByRole('region', { name: 'State' }).textContent).toContain('Any payment method'),
    );
  });

  it('shows a server refusal of a method at the field, in words', async () => {
    fakeConsoleApi({
      ...common,
      'GET /sites/MORI/coupons/31': { status: 200, body: { coupon: couponFixture() } },
      'GET /sites/MORI/coupons/31/uses': { status: 200, body: noUses },
      'PUT /sites/MORI/coupons/31': {
        status: 400,
        body: {
          error: 'invalid request',
          issues: [{ path: 'payment_methods', message: 'not a payment method of this site: gmo_paypay' }],
        },
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/coupons/31');
    const methods = await screen.findByRole('group', { name: 'Payment methods' });
    await user.click(await within(methods).findByRole('checkbox', { name: 'PayPay (GMO)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Choose methods this site offers, or none for any payment method.'),
    ).toBeTruthy();
  });

  it('generates a batch with progress, then opens it with its codes; one code can be disabled', async () => {
    let release: () => void = () => {};
    const api = fakeConsoleApi({
      ...common,
      'POST /sites/MORI/coupon-batches': { status: 200, body: { batch: batchFixture() } },
      'GET /sites/MORI/coupon-batches/5': { status: 200, body: { batch: batchFixture() } },
      'GET /sites/MORI/coupon-batches/5/uses': { status: 200, body: noUses },
      'GET /sites/MORI/coupons': {
        status: 200,
        body: {
          coupons: [
            couponFixture({
              id: 90,
              code: 'SUMMER-ABCDEFGHJK',
              batch_id: 5,
              kind: 'fixed',
              discount_value: 500,
            }),
          ],
          total: 1000,
        },
      },
      'PATCH /sites/MORI/coupons/90': {
        status: 200,
        body: { coupon: couponFixture({ id: 90, enabled: false }) },
      },
    });
    const slow = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await new Promise<void>((resolve) => (release = resolve));
      return slow(input, init);
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/coupons/new-batch');
    const count = await screen.findByLabelText('Count');
    await user.clear(count);
    await user.type(count, '1000');
    await user.type(screen.getByLabelText('Prefix'), 'summer-');
    await user.click(screen.getByLabelText('Fixed amount off'));
    await user.type(screen.getByLabelText('Discount (yen)'), '500');
    await fillNames(user, 'Summer');
    await user.type(screen.getByLabelText('Campaign'), 'summer');
    await user.type(screen.getByLabelText('Usage limit'), '1');
    await user.click(screen.getByRole('button', { name: 'Generate the codes' }));
    expect(await screen.findByText('Generating 1,000 codes…')).toBeTruthy();
    release();
    await vi.waitFor(() => expect(window.location.hash).toBe('#/sites/MORI/coupons/batch-5'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      prefix: 'SUMMER-',
      count: 1000,
      usage_limit: 1,
      product_ids: null,
    });

    const codes = await screen.findByRole('table', { name: 'Codes of this batch' });
    expect(screen.getByText('Showing 1 of 1,000; narrow the search to see others.')).toBeTruthy();
    await user.click(within(codes).getByRole('button', { name: 'Disable SUMMER-ABCDEFGHJK' }));
    await vi.waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        enabled: false,
        expected_version: 2,
      }),
    );
    expect(api.calls.map((call) => call.path)).toContain('/sites/MORI/coupons?batch_id=5&limit=50');
  });

  it('shows a conflict on save with a reload', async () => {
    let reads = 0;
    fakeConsoleApi({
      ...common,
      'GET /sites/MORI/coupons/31': () => {
        reads += 1;
        return {
          status: 200,
          body: { coupon: couponFixture(reads > 1 ? { usage_limit: 50, version: 9 } : {}) },
        };
      },
      'GET /sites/MORI/coupons/31/uses': {
        status: 200,
        body: {
          used_count: 1,
          discount_total: 300,
          orders_visible: false,
          uses: [
            {
              code: 'SPRING10',
              reservation_number: null,
              order_status: 'reserved',
              ordered_at: '2026-11-28T08:00:00Z',
              discount: 300,
            },
          ],
          truncated: false,
        },
      },
      'PUT /sites/MORI/coupons/31': { status: 409, body: { error: 'console edit conflict' } },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/coupons/31');
    expect(await screen.findByText('1 uses, ¥300 discounted in all')).toBeTruthy();
    expect(screen.getByText('Reservation numbers are hidden: your role cannot read orders.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Orders that used it' }).textContent).toContain('Reserved');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Someone else saved this');
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Usage limit') as HTMLInputElement).value).toBe('50'),
    );
  });
});
