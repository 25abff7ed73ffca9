import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf, type FakeCall } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { heatmapFixture, moveFixture, previewFixture, PRODUCT, slotFixture } from './move-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const sourceDay = heatmapFixture('2026-12-05', '2026-12-05', [
  slotFixture(),
  slotFixture({ id: 102, start_time: '11:00', end_time: '12:00', starts_at: '2026-12-05T02:00:00Z' }),
]);
const targetDays = heatmapFixture('2026-12-06', '2026-12-19', [
  slotFixture({ id: 201, date: '2026-12-06', on_sale: true, sold: 17 }),
  slotFixture({ id: 202, date: '2026-12-06', start_time: '11:00', on_sale: true, sold: 20 }),
  slotFixture({ id: 203, date: '2026-12-07', on_sale: false, sold: 0 }),
]);

function api() {
  return fakeConsoleApi({
    'GET /session': { status: 200, body: sessionOf('owner') },
    'GET /sites/MORI/moves': { status: 200, body: { moves: [moveFixture('done').move] } },
    'GET /sites/MORI/slots': (call: FakeCall) => ({
      status: 200,
      body: call.path.includes('from=2026-12-05') ? sourceDay : targetDays,
    }),
    'POST /sites/MORI/moves': (call: FakeCall) => {
      const body = call.body as { preview: boolean };
      return {
        status: 200,
        body: body.preview ? previewFixture() : { ...previewFixture(), preview: false, move_id: 7 },
      };
    },
    'GET /sites/MORI/moves/7': { status: 200, body: moveFixture('running') },
  });
}

describe('visitor moves screen', () => {
  it('plans a day, shows free places and the preview, then starts the run and opens it', async () => {
    const fake = api();
    const user = userEvent.setup();
    const { container } = await renderConsole(`#/sites/MORI/moves?product=${PRODUCT}&date=2026-12-05`);
    // Past runs with their counts.
    const runs = await screen.findByRole('table', { name: 'Moves so far' });
    expect(within(runs).getAllByRole('row')[1]!.textContent).toContain('Move 7');
    expect(within(runs).getAllByRole('row')[1]!.textContent).toContain('Done');

    // Target slots of the next days, each with its free places (capacity − sold − held).
    const targets = await screen.findByRole('table', { name: 'Target slots and their free places' });
    const rows = within(targets).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('3');
    expect(screen.getByRole('button', { name: 'Preview the plan' })).toHaveProperty('disabled', true);
    expect(
      screen
        .getByRole('link', { name: "See this product's slots from this date on the schedule" })
        .getAttribute('href'),
    ).toBe(`#/sites/MORI/schedule?from=2026-12-05&to=2026-12-12&product=${PRODUCT}`);

    // "Every open slot with room" leaves out the full one and the closed one.
    await user.click(screen.getByRole('button', { name: 'Choose every open slot with room' }));
    expect(screen.getByText('1 slots chosen, 3 free places')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Leave it for a decision' }));
    await user.click(screen.getByRole('radio', { name: 'Refund it' }));
    await user.type(screen.getByLabelText("Deadline for the visitor's own choice"), '2026-12-05T18:00');
    await user.click(screen.getByRole('button', { name: 'Preview the plan' }));

    const plan = await screen.findByRole('table', { name: 'Reservations in purchase order' });
    const planRows = within(plan).getAllByRole('row').slice(1);
    expect(planRows[0]!.textContent).toContain('R-0001');
    expect(planRows[0]!.textContent).toContain('Move to');
    expect(planRows[2]!.textContent).toContain('Does not fit: refund');
    // What the run would pay out is shown before it starts.
    expect(screen.getByText('To refund').nextElementSibling?.textContent).toBe('¥3,600');
    const preview = fake.calls.find((call) => call.method === 'POST');
    expect(preview?.body).toEqual({
      source: { kind: 'day', product_uuid: PRODUCT, date: '2026-12-05' },
      target_slot_ids: [201],
      fallback: 'refund',
      deadline: '2026-12-05T18:00:00+09:00',
      preview: true,
    });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.help} ${violation.nodes.map((n) => n.html).join(' ')}`,
      ),
    ).toEqual([]);

    // A change after the preview hides it: what is started is what was seen.
    await user.click(screen.getByRole('radio', { name: 'Leave it for a decision' }));
    expect(screen.queryByRole('table', { name: 'Reservations in purchase order' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Refund it' }));
    await user.click(screen.getByRole('button', { name: 'Preview the plan' }));
    await user.click(await screen.findByRole('button', { name: 'Start moving 3 reservations' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/sites/MORI/moves/7'));
    const started = fake.calls.filter((call) => call.method === 'POST').at(-1);
    expect((started?.body as { preview: boolean }).preview).toBe(false);
    expect(started?.headers['x-console-csrf']).toBe('csrf-token-1');
  }, 60_000);

  it('moves one slot of the day and shows a refusal while another run works on it', async () => {
    const fake = fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('planner', {
          permissions: { ...sessionOf('planner').permissions!, orders: 'write' },
        }),
      },
      'GET /sites/MORI/moves': { status: 200, body: { moves: [] } },
      'GET /sites/MORI/slots': (call: FakeCall) => ({
        status: 200,
        body: call.path.includes('from=2026-12-05') ? sourceDay : targetDays,
      }),
      'POST /sites/MORI/moves': {
        status: 409,
        body: { error: 'console move in progress' },
      },
    });
    const user = userEvent.setup();
    await renderConsole(`#/sites/MORI/moves?product=${PRODUCT}&date=2026-12-05&slot=102`);
    expect(await screen.findByText('No moves yet.')).toBeTruthy();
    // A planner may move visitors but not pay out: "leave" is chosen and "refund" offered no further.
    expect(screen.getByRole('radio', { name: 'Refund it' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Leave it for a decision' })).toHaveProperty('checked', true);
    const slot = await screen.findByLabelText('Slot');
    expect((slot as HTMLSelectElement).value).toBe('102');
    // The source slot is not offered as a target.
    await screen.findByRole('table', { name: 'Target slots and their free places' });
    await user.click(screen.getByRole('checkbox', { name: /Move visitors to .*Dec 6 10:00/ }));
    await user.click(screen.getByRole('button', { name: 'Preview the plan' }));
    expect((await screen.findByRole('alert')).textContent).toContain('already being moved');
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      source: { kind: 'slot', slot_id: 102 },
      target_slot_ids: [201],
      fallback: 'leave',
    });
  }, 60_000);
});
