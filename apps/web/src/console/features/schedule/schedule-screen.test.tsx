import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkEditSlotsResponse, ConsoleSlot, Heatmap } from '@kippu/contract/console/schedule-schemas';
import { fakeConsoleApi, sessionOf, type FakeCall } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { addDays, tokyoToday } from './heatmap-model.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const today = tokyoToday();
const tomorrow = addDays(today, 1);
const PRODUCT = '0b9a3c52-6f51-4d0e-9d1c-1d2f3a4b5c6d';

function slot(id: number, date: string, time: string, values: Partial<ConsoleSlot> = {}): ConsoleSlot {
  return {
    id,
    product_uuid: PRODUCT,
    date,
    start_time: time,
    end_time: time === '10:00' ? '10:30' : '11:00',
    starts_at: `${date}T${time}:00+09:00`,
    ends_at: `${date}T${time === '10:00' ? '10:30' : '11:00'}:00+09:00`,
    capacity: 40,
    sold: 0,
    held: 0,
    on_sale: true,
    version: 1,
    edited_by_hand: false,
    started: false,
    ...values,
  };
}

const HEATMAP: Heatmap = {
  site: 'MORI',
  from: today,
  to: addDays(today, 14),
  products: [
    {
      uuid: PRODUCT,
      product_type: 'time',
      names: { ja: '入場', en: 'Timed entry', 'zh-hans': '入场', kr: '입장', 'zh-hant': '入場', th: 'เข้าชม' },
      future_slots: 4,
    },
  ],
  slots: [
    slot(11, today, '10:00', { sold: 10, held: 2 }),
    slot(12, today, '10:30', { capacity: 20, sold: 20 }),
    slot(13, tomorrow, '10:00', { on_sale: false }),
    slot(14, tomorrow, '10:30', { sold: 4, edited_by_hand: true }),
  ],
};

function preview(values: Partial<BulkEditSlotsResponse> = {}): BulkEditSlotsResponse {
  return {
    preview: true,
    slots: [],
    changes: [],
    skipped: [],
    below_taken: [],
    slots_with_tickets: 0,
    tickets: 0,
    mails: 0,
    ...values,
  };
}

const cell = (name: RegExp) => screen.getByRole('gridcell', { name });

describe('capacity heatmap', () => {
  it('draws days × start times with each cell named by its numbers and state, and passes axe', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
    });
    const { container } = await renderConsole('#/sites/MORI/schedule');
    const grid = await screen.findByRole('grid');
    expect(within(grid).getAllByRole('row')).toHaveLength(16);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((each) => each.textContent),
    ).toEqual(['Day', '10:00', '10:30']);
    expect(cell(/10:00, 12 of 40 taken, on sale$/).textContent).toBe('30%');
    expect(cell(/10:30, 20 of 20 taken, on sale$/).className).toContain('sch-fill-5');
    // Closed is said in words and drawn with a mark, not only a colour.
    const closed = cell(/10:00, 0 of 40 taken, closed$/);
    expect(closed.className).toContain('sch-cell--closed');
    expect(closed.textContent).toContain('×');
    expect(cell(/10:30, 4 of 40 taken, on sale, changed by hand$/).getAttribute('data-tip')).toMatch(
      /4 of 40 taken/,
    );
    const asked = api.calls.find((call) => call.path.startsWith('/sites/MORI/slots'))!;
    expect(asked.path).toBe(`/sites/MORI/slots?from=${today}&to=${addDays(today, 14)}`);
    expect(screen.getByRole('link', { name: 'Generate slots' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('chooses a day by its header, moves with the arrows, widens with Shift and toggles with Space', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/schedule');
    const grid = await screen.findByRole('grid');
    const selected = () =>
      within(grid)
        .getAllByRole('gridcell')
        .filter((each) => each.getAttribute('aria-selected') === 'true').length;
    await user.click(within(grid).getAllByRole('rowheader')[0]!);
    expect(selected()).toBe(2);
    expect(screen.getByText('Selected slots: 2; with tickets sold or held: 2.')).toBeTruthy();
    // Arrow right from the day header to its first cell, then Shift+down takes the 2 × 1 rectangle.
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cell(new RegExp(`10:00, 12 of 40`)));
    await user.keyboard('{Shift>}{ArrowDown}{ArrowRight}{/Shift}');
    expect(selected()).toBe(4);
    await user.keyboard(' ');
    expect(selected()).toBe(3);
    expect(document.activeElement).toBe(cell(/10:30, 4 of 40/));
    await user.keyboard('{Escape}');
    expect(selected()).toBe(0);
    // A column header chooses the column; Ctrl+click adds a cell to it.
    await user.click(within(grid).getByRole('columnheader', { name: '10:30' }));
    expect(selected()).toBe(2);
    await user.keyboard('{Control>}');
    await user.click(cell(/10:00, 12 of 40/));
    await user.keyboard('{/Control}');
    expect(selected()).toBe(3);
  });

  it('previews a capacity, refuses to save what falls below sold + held, and saves what was previewed', async () => {
    const bodies: unknown[] = [];
    let belowTaken = true;
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
      'POST /sites/MORI/slots/bulk': (call: FakeCall) => {
        bodies.push(call.body);
        const body = call.body as { preview: boolean };
        if (!body.preview) return { status: 200, body: preview({ preview: false, changes: [], mails: 0 }) };
        return {
          status: 200,
          body: preview({
            // The versions now (slot 11 changed since the heatmap was read): the save sends these.
            slots: [
              { id: 11, version: 3 },
              { id: 12, version: 1 },
            ],
            changes: [
              {
                slot_id: 11,
                before: HEATMAP.slots[0]!,
                after: { ...HEATMAP.slots[0]!, capacity: belowTaken ? 15 : 25 },
              },
            ],
            below_taken: belowTaken
              ? [
                  {
                    slot_id: 12,
                    date: today,
                    start_time: '10:30',
                    capacity: 15,
                    sold: 20,
                    held: 0,
                    allotted: 0,
                    short_by: 5,
                  },
                ]
              : [],
          }),
        };
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/schedule');
    const grid = await screen.findByRole('grid');
    await user.click(within(grid).getAllByRole('rowheader')[0]!);
    await user.type(screen.getByLabelText('Capacity per slot'), '15');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Slots that would fall below the tickets sold and held and the seats allotted to partners: 1.',
    );
    const short = within(alert).getByRole('row', { name: /10:30/ });
    expect(within(short).getAllByRole('cell').at(-1)!.textContent).toBe('5');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    belowTaken = false;
    await user.clear(screen.getByLabelText('Capacity per slot'));
    await user.type(screen.getByLabelText('Capacity per slot'), '25');
    expect(screen.getByText(/preview again before saving/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved. Slots changed: 0/);
    expect(bodies[0]).toMatchObject({
      slots: [
        { id: 11, version: 1 },
        { id: 12, version: 1 },
      ],
      preview: true,
    });
    expect(bodies.at(-1)).toEqual({
      slots: [
        { id: 11, version: 3 },
        { id: 12, version: 1 },
      ],
      action: { kind: 'set_capacity', capacity: 25 },
      future_only: true,
      skip_edited_by_hand: false,
      refuse_if_tickets: false,
      preview: false,
    });
    expect(api.calls.filter((call) => call.path.startsWith('/sites/MORI/slots?')).length).toBeGreaterThan(1);
  });

  it('says a shift mails the visitors holding tickets, and shows the refusal of a save with its slots', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
      'POST /sites/MORI/slots/bulk': (call: FakeCall) =>
        (call.body as { preview: boolean }).preview
          ? {
              status: 200,
              body: preview({
                changes: [{ slot_id: 14, before: HEATMAP.slots[3]!, after: HEATMAP.slots[3]! }],
                slots_with_tickets: 1,
                tickets: 4,
              }),
            }
          : {
              status: 409,
              body: {
                error: 'console slot start taken',
                issues: [{ path: 'slots.14', message: 'the product has a slot at the new start' }],
              },
            },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/schedule');
    await screen.findByRole('grid');
    await user.click(cell(/10:30, 4 of 40/));
    await user.click(screen.getByLabelText('Shift by minutes'));
    await user.type(screen.getByLabelText('Minutes (negative for earlier)'), '30');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText(
      'Tickets on the slots to move: 4 (slots: 1). Their visitors will be mailed the new time.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This product already has a slot starting at that time.',
    );
    expect(screen.getByText(/^Slots concerned: .* 10:30$/)).toBeTruthy();
  });

  it('a slot changed since the preview: the save is refused, the slots named, the preview made again', async () => {
    const bodies: { preview: boolean; slots: unknown }[] = [];
    let version = 2;
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
      'POST /sites/MORI/slots/bulk': (call: FakeCall) => {
        const body = call.body as { preview: boolean; slots: unknown };
        bodies.push(body);
        if (body.preview) {
          return {
            status: 200,
            body: preview({
              slots: [{ id: 13, version }],
              changes: [
                { slot_id: 13, before: HEATMAP.slots[2]!, after: { ...HEATMAP.slots[2]!, on_sale: true } },
              ],
            }),
          };
        }
        if (version === 2) {
          version = 3;
          return {
            status: 409,
            body: {
              error: 'console edit conflict',
              issues: [{ path: 'slots.13', message: 'changed since' }],
            },
          };
        }
        return { status: 200, body: preview({ preview: false, slots: [{ id: 13, version: 4 }] }) };
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/schedule');
    await screen.findByRole('grid');
    await user.click(cell(/10:00, 0 of 40 taken, closed$/));
    await user.click(screen.getByLabelText('Reopen'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone else saved this after you opened it. Reload, then make your change again.',
    );
    expect(screen.getByText(/^Slots concerned: .* 10:00$/)).toBeTruthy();
    expect(screen.getByText(/preview below was made again/)).toBeTruthy();
    // The preview was asked again; saving now sends the versions it answered.
    await waitFor(() => expect(bodies.filter((body) => body.preview)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^Saved\./);
    expect(bodies.filter((body) => !body.preview).map((body) => body.slots)).toEqual([
      [{ id: 13, version: 2 }],
      [{ id: 13, version: 3 }],
    ]);
  });

  it('a shift that must not move slots with tickets says so, and the refusal names them and where visitors are moved', async () => {
    const bodies: { preview: boolean; refuse_if_tickets: boolean }[] = [];
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
      'POST /sites/MORI/slots/bulk': (call: FakeCall) => {
        const body = call.body as { preview: boolean; refuse_if_tickets: boolean };
        bodies.push(body);
        return body.preview
          ? {
              status: 200,
              body: preview({
                slots: [{ id: 14, version: 1 }],
                changes: [{ slot_id: 14, before: HEATMAP.slots[3]!, after: HEATMAP.slots[3]! }],
                slots_with_tickets: 1,
                tickets: 4,
              }),
            }
          : {
              status: 409,
              body: {
                error: 'console slot has tickets',
                issues: [{ path: 'slots.14', message: '4 tickets' }],
              },
            };
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/schedule');
    await screen.findByRole('grid');
    await user.click(cell(/10:30, 4 of 40/));
    // The option belongs to a shift only.
    expect(screen.queryByLabelText('Do not shift slots that have tickets')).toBeNull();
    await user.click(screen.getByLabelText('Shift by minutes'));
    await user.type(screen.getByLabelText('Minutes (negative for earlier)'), '30');
    await user.click(screen.getByLabelText('Do not shift slots that have tickets'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText(/As asked, the shift will be refused/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Visitors hold tickets for this slot, so it cannot be changed this way. Move them first.',
    );
    expect(screen.getByText(/^Slots concerned: .* 10:30$/)).toBeTruthy();
    expect(screen.getByText(/moved to another slot from the orders screens/)).toBeTruthy();
    expect(bodies.map((body) => [body.preview, body.refuse_if_tickets])).toEqual([
      [true, true],
      [false, true],
    ]);
  });

  it('refuses a shift of 0 minutes in the form, before asking the API', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/schedule');
    await screen.findByRole('grid');
    await user.click(cell(/10:30, 4 of 40/));
    await user.click(screen.getByLabelText('Shift by minutes'));
    await user.type(screen.getByLabelText('Minutes (negative for earlier)'), '0');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const input = screen.getByLabelText('Minutes (negative for earlier)');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter a whole number of minutes between -1,440 and 1,440, not 0.')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a read-only role the heatmap without edits, and a failed read as an error', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
    });
    await renderConsole('#/sites/MORI/schedule');
    await screen.findByRole('grid');
    expect(screen.queryByRole('heading', { name: 'Change the selected slots' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close a day…' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Generate slots' })).toBeNull();
    vi.unstubAllGlobals();
    window.location.hash = '';

    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 500, body: { error: 'internal error' } },
    });
    await renderConsole('#/sites/MORI/schedule?from=2026-12-01&to=2026-12-05');
    expect((await screen.findAllByRole('alert')).some((each) => /500/.test(each.textContent ?? ''))).toBe(
      true,
    );
  });

  it('refuses a range over 62 days without asking', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
    });
    await renderConsole('#/sites/MORI/schedule?from=2026-12-01&to=2027-03-01');
    expect(
      await screen.findByText('Choose an end on or after the start, at most 62 days in all.'),
    ).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith('/sites/MORI/slots'))).toBe(false);
  });

  it('closes a day at the chosen sites after a preview, with the counts of visitors holding tickets', async () => {
    const bodies: unknown[] = [];
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
      'POST /schedule/close-day': (call: FakeCall) => {
        bodies.push(call.body);
        const body = call.body as { preview: boolean; date: string };
        return {
          status: 200,
          body: {
            preview: body.preview,
            date: body.date,
            sites: [
              {
                site: 'MORI',
                slots_closed: 2,
                slots_already_closed: 0,
                orders: 3,
                tickets: 5,
                visitors: 3,
              },
              {
                site: 'BORDERLESS',
                slots_closed: 4,
                slots_already_closed: 1,
                orders: 0,
                tickets: 0,
                visitors: 0,
              },
            ],
          },
        };
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/schedule');
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Close a day…' }));
    const dialog = screen.getByRole('dialog', { name: 'Close a day' });
    expect(within(dialog).getByRole('button', { name: 'Close the day' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByLabelText('Borderless'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const row = await within(dialog).findByRole('row', { name: /^Mori/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((each) => each.textContent),
    ).toEqual(['Mori', '2', '0', '3', '5', '3']);
    expect(
      within(dialog).getByText(/Moving or refunding these visitors is done from the orders screens/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close the day' }));
    await within(dialog).findByRole('table', { name: 'Closed' });
    expect(bodies).toEqual([
      { date: today, sites: ['MORI', 'BORDERLESS'], preview: true },
      { date: today, sites: ['MORI', 'BORDERLESS'], preview: false },
    ]);
  });
  it('edits one slot with the version it read: only what changed, a conflict said, a capacity below taken on its field', async () => {
    const bodies: unknown[] = [];
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: 'console edit conflict' },
    };
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      'GET /sites/MORI/slots': { status: 200, body: HEATMAP },
      'PATCH /sites/MORI/slots/11': (call: FakeCall) => {
        bodies.push(call.body);
        return answer;
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/schedule');
    await screen.findByRole('grid');
    await user.click(cell(/10:00, 12 of 40/));
    await user.click(screen.getByRole('button', { name: 'Edit this slot…' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Sold 10, held 2.')).toBeTruthy();
    const capacity = within(dialog).getByLabelText('Capacity per slot');
    await user.clear(capacity);
    await user.type(capacity, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Someone else saved this after you opened it. Reload, then make your change again.',
    );
    expect(bodies).toEqual([{ expected_version: 1, capacity: 10 }]);

    answer = {
      status: 409,
      body: {
        error: 'console capacity below taken',
        issues: [{ path: 'body.capacity', message: 'short by 2 (sold 10, held 2)' }],
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(capacity.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('At least 12: the tickets sold and held.')).toBeTruthy();

    answer = { status: 200, body: { slot: { ...HEATMAP.slots[0]!, capacity: 30, version: 2 } } };
    await user.clear(capacity);
    await user.type(capacity, '30');
    await user.click(within(dialog).getByLabelText('on sale'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies.at(-1)).toEqual({ expected_version: 1, capacity: 30, on_sale: false });
  });
});
