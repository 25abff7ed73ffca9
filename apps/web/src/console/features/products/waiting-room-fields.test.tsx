import { fireEvent, screen } from '@testing-library/react';
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

const PATH = '/sites/MORI/products/11';

describe('product form: waiting room', { timeout: 60_000 }, () => {
  it('shows the saved waiting room, sends the edited one with the form and shows what the server kept', async () => {
    const saved = { enabled: true, opens_at: '2026-12-01T01:00:00Z', admit_per_minute: null };
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      [`GET ${PATH}`]: { status: 200, body: { product: productFixture({ waiting_room: saved }) } },
      [`PUT ${PATH}`]: (call) => {
        const body = call.body as { waiting_room: typeof saved };
        return {
          status: 200,
          body: {
            product: productFixture({
              version: 4,
              waiting_room: { ...body.waiting_room, opens_at: '2026-12-02T01:00:00.000Z' },
            }),
          },
        };
      },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole(`#${PATH}`);
    const group = await screen.findByRole('group', { name: 'Waiting room' });
    const enabled = screen.getByRole('checkbox', {
      name: 'Use a waiting room for this product',
    }) as HTMLInputElement;
    const opens = screen.getByLabelText('Queue starts (when sales open)') as HTMLInputElement;
    const rate = screen.getByLabelText('Admissions per minute') as HTMLInputElement;
    // Tokyo wall-clock time; an empty rate is automatic.
    expect([enabled.checked, opens.value, rate.value]).toEqual([true, '2026-12-01T10:00', '']);
    expect(group.textContent).toContain('At most; empty for automatic.');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // A rate the server would refuse is caught in the form, in the staff member's language.
    fireEvent.change(rate, { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a whole number from 1 to 100,000, or leave it empty.'),
    ).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(rate, { target: { value: '120' } });
    fireEvent.change(opens, { target: { value: '2026-12-02T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect((put?.body as { waiting_room: unknown }).waiting_room).toEqual({
      enabled: true,
      opens_at: '2026-12-02T10:00:00+09:00',
      admit_per_minute: 120,
    });
    expect((screen.getByLabelText('Admissions per minute') as HTMLInputElement).value).toBe('120');

    // Switched off and back to automatic: null, not 0 or an empty string.
    await user.click(screen.getByRole('checkbox', { name: 'Use a waiting room for this product' }));
    fireEvent.change(screen.getByLabelText('Admissions per minute'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    const second = api.calls.filter((call) => call.method === 'PUT')[1];
    expect((second?.body as { waiting_room: unknown }).waiting_room).toEqual({
      enabled: false,
      opens_at: '2026-12-02T10:00:00+09:00',
      admit_per_minute: null,
    });
  });
});
