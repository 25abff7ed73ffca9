import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expect-no-axe-violations.ts';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { allotmentFixture, partnerFixture, slotDayFixture } from './allotment-fixtures.ts';

// Each screen loads its chunk and texts first: on a busy machine (two cores shared by many runs) that has
// taken longer than the setup's 8 s, which is about load, not about the screen.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const LIST = 'GET /sites/MORI/allotments';
const PARTNERS = { status: 200, body: { partners: [partnerFixture()] } };

describe('allotments screen', () => {
  it(
    'lists the seats per slot, checks a new allotment and shows the refusal of seats that are not free',
    { timeout: 120_000 },
    async () => {
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        [LIST]: { status: 200, body: { allotments: [allotmentFixture()] } },
        'GET /partners': PARTNERS,
        'GET /sites/MORI/slots': (call) => ({
          status: 200,
          body: slotDayFixture(new URLSearchParams(call.path.split('?')[1]).get('from')!),
        }),
        'POST /sites/MORI/allotments': { status: 409, body: { error: 'out of stock' } },
      });
      const user = userEvent.setup({ delay: null });
      const { container } = await renderConsole('#/sites/MORI/allotments');
      const table = await screen.findByRole('table', { name: 'Allotments by slot' });
      const [, row] = within(table).getAllByRole('row');
      const cells = within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells[0]).toContain('Forest walk');
      expect(cells[1]).toBe('Travel A');
      expect(cells.slice(2, 5)).toEqual(['20', '6', '14']);
      expect(cells[5]).toContain('2026');
      // The range asked for: from today (Tokyo) for two weeks.
      const asked = api.calls.find((call) => call.path.startsWith('/sites/MORI/allotments'))!.path;
      expect(asked).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
      await expectNoAxeViolations(container);

      await user.click(screen.getByRole('button', { name: 'New allotment' }));
      const form = screen.getByRole('heading', { name: 'New allotment', level: 2 }).closest('form')!;
      await user.click(within(form).getByRole('button', { name: 'Reserve the seats' }));
      expect(within(form).getByText('Choose the partner.')).toBeTruthy();
      expect(within(form).getByText('Choose a slot of that day.')).toBeTruthy();
      expect(within(form).getByText(/Enter a whole number of seats from 1 to/)).toBeTruthy();
      expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

      await user.selectOptions(within(form).getByLabelText('Partner'), '12');
      const slot = within(form).getByLabelText('Slot');
      await within(slot).findByRole('option', { name: '10:00–11:00 Forest walk (38 free)' });
      await user.selectOptions(slot, '501');
      await user.type(within(form).getByLabelText('Seats'), '40');
      await user.type(within(form).getByLabelText('Returns to general sale'), '2026-12-04T10:00');
      await user.click(within(form).getByRole('button', { name: 'Reserve the seats' }));
      expect((await within(form).findByRole('alert')).textContent).toBe(
        'Those seats are not free in the slot: it has fewer seats left than asked for.',
      );
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        partner_id: 12,
        slot_id: 501,
        quantity: 40,
        release_at: '2026-12-04T10:00:00+09:00',
      });
      await expectNoAxeViolations(container);
    },
  );

  it(
    'changes an allotment never below what is sold, and removes one after a confirmation',
    { timeout: 120_000 },
    async () => {
      let current = allotmentFixture();
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        [LIST]: () => ({ status: 200, body: { allotments: [current] } }),
        'GET /partners': PARTNERS,
        'PUT /sites/MORI/allotments/7': (call) => {
          const body = call.body as { quantity: number; release_at: string };
          current = allotmentFixture({ quantity: body.quantity, remaining: body.quantity - 6 });
          return { status: 200, body: { allotment: current } };
        },
        'DELETE /sites/MORI/allotments/7': () => {
          current = allotmentFixture({ remaining: 0, released_at: '2026-11-28T06:00:00+00:00' });
          return { status: 200, body: { allotment: current } };
        },
      });
      const user = userEvent.setup({ delay: null });
      await renderConsole('#/sites/MORI/allotments');
      await user.click(await screen.findByRole('button', { name: /^Change the allotment of Travel A for/ }));
      const dialog = screen.getByRole('dialog', { name: 'Change the allotment of Travel A' });
      const seats = within(dialog).getByLabelText('Seats');
      await user.clear(seats);
      await user.type(seats, '5');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByText(/Enter a whole number from 6 \(sold\)/)).toBeTruthy();
      expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
      await user.clear(seats);
      await user.type(seats, '30');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        quantity: 30,
        release_at: '2026-12-03T10:00:00+09:00',
      });
      await screen.findByRole('cell', { name: '24' });

      const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      const remove = screen.getByRole('button', { name: /^Remove the allotment of Travel A for/ });
      await user.click(remove);
      expect(confirm.mock.calls[0]![0]).toContain('24 unsold seats return to general sale now');
      expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
      await user.click(remove);
      expect(await screen.findByText(/^Returned /)).toBeTruthy();
      expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: /^Remove the allotment/ })).toBeNull();
    },
  );
});
