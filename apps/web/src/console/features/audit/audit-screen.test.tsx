import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@kippu/contract/console/audit-schemas';
import { expectNoAxeViolations } from '../../test/expect-no-axe-violations.ts';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

// Each screen loads its chunk and texts first: on a busy machine that has taken longer than the setup's 8 s.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const event = (
  id: number,
  action: string,
  objectType = 'gate_device',
  objectId = String(id),
): AuditEvent => ({
  id,
  at: '2026-11-28T05:00:00+00:00',
  actor: { kind: 'staff', staff_id: 7, device_id: null, label: 'Demo owner' },
  site_code: 'MORI',
  object_type: objectType,
  object_id: objectId,
  action,
  before: null,
  after: { name: 'North' },
  personal: null,
  personal_erased: false,
  client_address: '127.0.0.1',
  user_agent: null,
});

/** The query of each call to the log, in order. */
const logQueries = (calls: { path: string }[]) =>
  calls
    .filter((call) => call.path.startsWith('/audit-events?'))
    .map((call) => Object.fromEntries(new URLSearchParams(call.path.split('?')[1])));

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('audit log', () => {
  it(
    'words actions and object types with their codes beside, pages with the cursor and links each object',
    { timeout: 120_000 },
    async () => {
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /staff': { status: 200, body: { staff: [] } },
        'GET /audit-events': (call) =>
          call.path.includes('cursor=30')
            ? { status: 200, body: { events: [event(29, 'revoke')], next_cursor: null } }
            : {
                status: 200,
                body: {
                  events: [event(31, 'retired_action', 'retired_kind'), event(30, 'register')],
                  next_cursor: '30',
                },
              },
      });
      const user = userEvent.setup({ delay: null });
      const { container } = await renderConsole(
        '#/audit?action=register&object_type=gate_device&site=MORI&from=2026-11-28T09:00',
      );

      const table = await screen.findByRole('table', { name: 'Events' });
      expect(logQueries(api.calls)[0]).toEqual({
        action: 'register',
        object_type: 'gate_device',
        site: 'MORI',
        from: '2026-11-28T09:00:00+09:00',
        limit: '50',
      });
      const [, unknown, known] = within(table).getAllByRole('row');
      // The word, and the code as stored beneath it.
      const cells = cellTexts(known!);
      expect(cells[4]).toBe('Registeredregister');
      expect(within(known!).getByText('register').tagName).toBe('CODE');
      expect(cells[3]).toBe('Gate device 30gate_device');
      expect(within(known!).getByRole('link', { name: 'Gate device 30' }).getAttribute('href')).toBe(
        '#/audit/gate_device/30',
      );
      // Codes the console has no word for (an old row, a code added later) show as they are, once.
      expect(cellTexts(unknown!).slice(3, 5)).toEqual(['retired_kind 31', 'retired_action']);
      expect(within(unknown!).getByRole('link', { name: 'retired_kind 31' }).getAttribute('href')).toBe(
        '#/audit/retired_kind/31',
      );

      // The filters read the address: the code chosen, shown by its word.
      const action = screen.getByLabelText<HTMLSelectElement>('Action');
      const objectType = screen.getByLabelText<HTMLSelectElement>('Object type');
      expect(action.value).toBe('register');
      expect(action.selectedOptions[0]!.textContent).toBe('Registered');
      expect(objectType.selectedOptions[0]!.textContent).toBe('Gate device');
      // Sorted by the word, after "Any".
      const words = [...action.options].slice(1).map((option) => option.textContent!);
      expect(words).toEqual([...words].sort((a, b) => a.localeCompare(b, 'en')));
      await expectNoAxeViolations(container);

      await user.click(screen.getByRole('button', { name: 'Show older events' }));
      expect(await within(table).findByText('Revoked')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Show older events' })).toBeNull();

      // A choice is a code in the address and in the query, as links shared before read.
      await user.selectOptions(action, 'Personal data erased');
      await user.selectOptions(objectType, 'Order');
      await user.click(screen.getByRole('button', { name: 'Show' }));
      expect(new URLSearchParams(window.location.hash.split('?')[1]).get('action')).toBe(
        'personal_data_erased',
      );
      await vi.waitFor(() =>
        expect(logQueries(api.calls).at(-1)).toMatchObject({
          action: 'personal_data_erased',
          object_type: 'order',
          site: 'MORI',
        }),
      );
      await user.selectOptions(action, 'Any');
      await user.click(screen.getByRole('button', { name: 'Show' }));
      await vi.waitFor(() => expect(logQueries(api.calls).at(-1)).not.toHaveProperty('action'));
    },
  );

  it("names a job and a visitor in the staff member's language, and filters by the kind of actor", async () => {
    const actor = (kind: AuditEvent['actor']['kind'], label: string | null): AuditEvent['actor'] => ({
      kind,
      staff_id: null,
      device_id: null,
      label,
    });
    const api = fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('owner', {
          staff: { id: 7, email: 'owner@example.com', name: 'Demo owner', lang: 'ja' },
        }),
      },
      'GET /staff': { status: 200, body: { staff: [] } },
      'GET /audit-events': {
        status: 200,
        body: {
          events: [
            { ...event(44, 'payment_refunded', 'payment'), actor: actor('system', 'refunds') },
            { ...event(43, 'paid', 'order'), actor: actor('visitor', 'order 1') },
            // A label this console has no word for (an old row): as stored.
            { ...event(42, 'register'), actor: actor('system', 'nightly sweep') },
            event(41, 'register'),
          ],
          next_cursor: null,
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    const { container } = await renderConsole('#/audit?actor_kind=system', 'ja');

    const table = await screen.findByRole('table', { name: 'イベント' });
    const [, job, visitor, old, staff] = within(table).getAllByRole('row');
    // The job's words, with its code as stored beneath them (as an action's).
    expect(cellTexts(job!)[1]).toBe('システム · 返金処理refunds');
    expect(within(job!).getByText('refunds').tagName).toBe('CODE');
    expect(cellTexts(visitor!)[1]).toBe('来場者 · 注文 1');
    expect(cellTexts(old!)[1]).toBe('システム · nightly sweep');
    expect(cellTexts(staff!)[1]).toBe('スタッフ · Demo owner');
    await expectNoAxeViolations(container);

    // The filter is the actor's kind, in the address and the query as before.
    expect(logQueries(api.calls)[0]).toMatchObject({ actor_kind: 'system' });
    const kind = screen.getByLabelText<HTMLSelectElement>('実行者');
    expect(kind.selectedOptions[0]!.textContent).toBe('システム');
    await user.selectOptions(kind, '来場者');
    await user.click(screen.getByRole('button', { name: '表示' }));
    await vi.waitFor(() => expect(logQueries(api.calls).at(-1)).toMatchObject({ actor_kind: 'visitor' }));
  });

  it("keeps an address's code the lists no longer hold as a choice, shown as it is", async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /staff': { status: 200, body: { staff: [] } },
      'GET /audit-events': { status: 200, body: { events: [], next_cursor: null } },
    });
    await renderConsole('#/audit?action=retired_action');

    expect(await screen.findByText('No events.')).toBeTruthy();
    const action = screen.getByLabelText<HTMLSelectElement>('Action');
    expect(action.value).toBe('retired_action');
    expect(action.selectedOptions[0]!.textContent).toBe('retired_action');
    expect(logQueries(api.calls)[0]).toMatchObject({ action: 'retired_action' });
  });
});

describe("an object's history", () => {
  it("words the object and its events in the staff member's language", async () => {
    fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('owner', {
          staff: { id: 7, email: 'owner@example.com', name: 'Demo owner', lang: 'ja' },
        }),
      },
      'GET /audit-events/objects/order/77': {
        status: 200,
        body: {
          object_type: 'order',
          object_id: '77',
          entries: [
            { source: 'audit', event: event(77, 'personal_data_erased', 'order') },
            { source: 'audit', event: event(78, 'retired_action', 'order', '77') },
          ],
        },
      },
    });
    const { container } = await renderConsole('#/audit/order/77', 'ja');

    expect(await screen.findByRole('heading', { name: '注文 77 の履歴', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'イベント' });
    const [, erased, unknown] = within(table).getAllByRole('row');
    expect(cellTexts(erased!).slice(3, 5)).toEqual(['注文 77order', '個人情報を消去personal_data_erased']);
    expect(within(erased!).getByRole('link', { name: '注文 77' }).getAttribute('href')).toBe(
      '#/audit/order/77',
    );
    expect(cellTexts(unknown!)[4]).toBe('retired_action');
    await expectNoAxeViolations(container);
  });
});
