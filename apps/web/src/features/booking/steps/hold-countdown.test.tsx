import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { temporaryOrderSchema } from '@kippu/contract/endpoints/orders';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { formatRemaining, HoldCountdown } from './hold-countdown.tsx';

const NOW = new Date('2026-05-10T03:00:00Z');
const render = (ui = <HoldCountdown />) => renderRoutes([{ path: '/', element: ui }], '/');

describe('formatRemaining', () => {
  it('writes m:ss, h:mm:ss past an hour, and 0:00 once over', () => {
    expect(formatRemaining(754.9)).toBe('12:34');
    expect(formatRemaining(5)).toBe('0:05');
    expect(formatRemaining(3725)).toBe('1:02:05');
    expect(formatRemaining(-3)).toBe('0:00');
  });
});

describe('HoldCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows nothing without a hold', async () => {
    const { container } = await render();
    expect(container.textContent).toBe('');
  });

  it('counts down from the saved expiry, warns under two minutes and says when the hold has ended', async () => {
    useCoreStore.setState({
      orderToken: 'token-1',
      savedOrder: { productOptions: [], expiresAt: '2026-05-10T03:02:05Z' },
    });
    await render();
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('2:05');
    expect(timer.getAttribute('aria-label')).toBe('2:05 left');
    expect(screen.getByRole('status').textContent).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(timer.textContent).toBe('1:59');
    expect(screen.getByRole('status').textContent).toBe(
      'Less than two minutes left to complete your booking.',
    );
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('The hold on your tickets has ended.');
    expect(screen.getByRole('link', { name: 'Choose your tickets again' }).getAttribute('href')).toBe(
      '/order',
    );
  });

  it("asks GET /orders/{id} for the expiry when the order screen's save is not there", async () => {
    const order = temporaryOrderSchema.parse({
      lang: 'en',
      price: 0,
      customer_info: [],
      main_product: {
        product_name: 'Invitation',
        description: '',
        sale_type: 'time',
        quantity: 1,
        reservation_from: '2026-05-12T10:00:00+09:00',
        reservation_to: '2026-05-12T11:00:00+09:00',
        product_time_span_id: 1,
        naming_right: null,
        caution: '',
        order_options: [{ id: 1, name: 'Guest', type: 'ticket', add_cost: 0, quantity: 1 }],
      },
      set_products: [],
      coupons: [],
      membership_promotion: null,
      status: 'holding',
      expires_at: '2026-05-10T03:10:00Z',
    });
    const fetchDouble = vi.fn(async (input: RequestInfo | URL) => {
      expect(String(input)).toContain('/api/v1/orders/mail%2Ftoken');
      return new Response(JSON.stringify(order), { headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchDouble);
    useCoreStore.setState({ orderToken: 'mail/token' });
    await render();
    expect((await screen.findByRole('timer')).textContent).toBe('10:00');
    expect(fetchDouble).toHaveBeenCalledTimes(1);
  });

  it('prefers an expiry given by the screen', async () => {
    useCoreStore.setState({
      orderToken: 't',
      savedOrder: { productOptions: [], expiresAt: '2026-05-10T03:02:00Z' },
    });
    await render(<HoldCountdown expiresAt="2026-05-10T03:30:00Z" />);
    expect(screen.getByRole('timer').textContent).toBe('30:00');
  });
});
