import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderTimelineEntry } from '@kippu/contract/console/orders-schemas';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { dateOptionsFixture, orderFixture, refundPreviewFixture } from './order-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const ORDER = '/sites/MORI/orders/501';

describe('order screen', () => {
  it('shows the visit, visitor, tickets, money, mails and timeline; a reader gets no actions', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      [`GET ${ORDER}`]: {
        status: 200,
        body: {
          order: orderFixture({
            tickets: [
              { ...orderFixture().tickets[0]!, status: 'used', checked_in_at: '2026-12-05T01:05:00Z' },
              orderFixture().tickets[1]!,
            ],
            refunds: [
              {
                id: 3,
                amount: 1800,
                status: 'failed',
                reason: 'visitor_sick',
                created_at: '2026-11-21T00:00:00Z',
                completed_at: null,
              },
            ],
            timeline: [
              {
                at: '2026-11-22T00:00:00Z',
                source: 'audit',
                id: 90,
                what: 'visitor_details_changed',
                actor: { kind: 'staff', staff_id: 7, device_id: null, label: 'Demo boxOffice' },
                detail: {},
              },
              ...orderFixture().timeline,
            ],
          }),
        },
      },
    });
    const { container } = await renderConsole(`#${ORDER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order R-2026-0001' })).toBeTruthy();
    // The order form's other fields by their names in the console's language, not their keys.
    expect(screen.getByText('Address').nextElementSibling?.textContent).toBe('Tokyo');
    const tickets = screen.getByRole('table', { name: 'Tickets' });
    const [, first, second] = within(tickets).getAllByRole('row');
    expect(first!.textContent).toContain('Checked in');
    expect(second!.textContent).toContain('Not yet in');
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(payments.textContent).toContain('P-000031');
    expect(payments.textContent).toContain('Paid');
    expect(screen.getByRole('table', { name: 'Refunds' }).textContent).toContain('Failed');
    expect(screen.getByRole('table', { name: 'Coupons' }).textContent).toContain('SPRING10');
    expect(screen.getByRole('table', { name: 'Mails' }).textContent).toContain('Purchase confirmation');
    // One timeline, newest first as answered, with who did it.
    const timeline = within(screen.getByRole('table', { name: 'Timeline' })).getAllByRole('row');
    expect(timeline.map((row) => (row as HTMLTableRowElement).cells[1]?.textContent)).toEqual([
      'Kind',
      'Staff / system',
      'Mail',
      'Status',
    ]);
    expect(timeline[1]!.textContent).toContain("Visitor's details changed");
    expect(timeline[1]!.textContent).toContain('Staff · Demo boxOffice');
    expect(timeline[3]!.textContent).toContain('Reserved');
    // A planner reads orders: no edit, no resend, no cancel, no change of date, no ticket choice.
    for (const name of [
      "Edit the visitor's details",
      'Resend the purchase mail',
      'Cancel all tickets…',
      'Change the date…',
      'Erase personal data…',
    ]) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
    expect(within(tickets).queryAllByRole('checkbox')).toHaveLength(0);
    // Nothing erased and no right to erase: no personal data section at all.
    expect(screen.queryByRole('heading', { name: 'Personal data' })).toBeNull();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('words each timeline entry by its source, and shows a code it has no words for as it is', async () => {
    const entry = (id: number, source: OrderTimelineEntry['source'], what: string): OrderTimelineEntry => ({
      at: `2026-11-2${id}T00:00:00Z`,
      source,
      id,
      what,
      actor: source === 'audit' ? { kind: 'system', staff_id: null, device_id: null, label: 'job' } : null,
      detail: {},
    });
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      [`GET ${ORDER}`]: {
        status: 200,
        body: {
          order: orderFixture({
            timeline: [
              entry(8, 'audit', 'some_retired_action'),
              entry(7, 'audit', 'cancelled'),
              entry(6, 'audit', 'hold_expired_for_move'),
              entry(5, 'audit', 'checked_in'),
              entry(4, 'audit', 'payment_failed'),
              entry(3, 'check_in', 'success'),
              entry(2, 'mail', 'shared_visit_moved'),
              entry(1, 'status', 'cancelled'),
            ],
          }),
        },
      },
    });
    await renderConsole(`#${ORDER}`);
    const timeline = within(await screen.findByRole('table', { name: 'Timeline' })).getAllByRole('row');
    expect(timeline.slice(1).map((row) => (row as HTMLTableRowElement).cells[2]?.textContent)).toEqual([
      'some_retired_action',
      'Order cancelled',
      'Hold ended for a move',
      'Checked in',
      'Payment failed',
      'Admitted',
      'Visit moved (shared tickets)',
      'Cancelled',
    ]);
  });

  it("shows each entry's detail as labels and values in the staff member's language (Japanese)", async () => {
    const entry = (
      id: number,
      source: OrderTimelineEntry['source'],
      what: string,
      detail: OrderTimelineEntry['detail'],
    ) => ({
      at: `2026-11-2${id}T00:00:00Z`,
      source,
      id,
      what,
      actor:
        source === 'audit'
          ? { kind: 'system' as const, staff_id: null, device_id: null, label: 'refunds' }
          : null,
      detail,
    });
    fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('planner', { staff: { id: 7, email: 'p@example.com', name: 'P', lang: 'ja' } }),
      },
      [`GET ${ORDER}`]: {
        status: 200,
        body: {
          order: orderFixture({
            timeline: [
              entry(4, 'audit', 'refund_failed', {
                object_type: 'refund',
                object_id: '3',
                status: 'failed',
                order_id: 501,
                failure_code: 'E01060021',
              }),
              entry(3, 'refund', 'failed', { amount: 1800, reason: 'visitor_sick' }),
              entry(2, 'payment', 'confirmed', { order_id: 501, method: 'cash', amount: 3600 }),
              entry(1, 'status', 'cancelled', {
                order_id: 501,
                from_status: 'holding',
                reason: 'cancelled_by_visitor',
              }),
            ],
          }),
        },
      },
    });
    const { container } = await renderConsole(`#${ORDER}`, 'ja');
    const table = await screen.findByRole('table', { name: '履歴' });
    const rows = within(table).getAllByRole('row').slice(1);
    const details = rows.map((row) => {
      const cell = (row as HTMLTableRowElement).cells[4]!;
      // A description list: each label a term, each value its definition.
      return [...cell.querySelectorAll('dt')].map(
        (term) => `${term.textContent}=${term.nextElementSibling?.textContent}`,
      );
    });
    expect(details).toEqual([
      ['ステータス=失敗', 'エラーコード=E01060021'],
      ['金額=￥1,800', '理由=来場者の体調不良'],
      ['方法=現金', '金額=￥3,600'],
      ['変更前の状態=仮押さえ', '理由=来場者が取消'],
    ]);
    const results = await axe.run(table);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    expect(container.textContent).not.toMatch(/from_status|cancelled_by_visitor|visitor_sick/);
  });

  it("names who did each entry in the staff member's language (Japanese), a label it does not know as stored", async () => {
    const entry = (id: number, what: string, actor: OrderTimelineEntry['actor']): OrderTimelineEntry => ({
      at: `2026-11-2${id}T00:00:00Z`,
      source: actor ? 'audit' : 'status',
      id,
      what,
      actor,
      detail: {},
    });
    const who = (kind: NonNullable<OrderTimelineEntry['actor']>['kind'], label: string | null) => ({
      kind,
      staff_id: kind === 'staff' ? 7 : null,
      device_id: null,
      label,
    });
    fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('planner', { staff: { id: 7, email: 'p@example.com', name: 'P', lang: 'ja' } }),
      },
      [`GET ${ORDER}`]: {
        status: 200,
        body: {
          order: orderFixture({
            timeline: [
              entry(7, 'refund_succeeded', who('system', 'refunds')),
              entry(6, 'payment_confirmed', who('system', 'payment settlement')),
              entry(5, 'date_changed', who('visitor', 'reservation 7')),
              entry(4, 'paid', who('visitor', 'order 1')),
              entry(3, 'cancelled', who('system', 'job')),
              entry(2, 'visitor_details_changed', who('staff', 'Demo boxOffice')),
              entry(1, 'cancelled', null),
            ],
          }),
        },
      },
    });
    await renderConsole(`#${ORDER}`, 'ja');
    const table = await screen.findByRole('table', { name: '履歴' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => (row as HTMLTableRowElement).cells[3]?.textContent)).toEqual([
      'システム · 返金処理',
      'システム · 決済の確定処理',
      '来場者 · 予約 7',
      '来場者 · 注文 1',
      // An old row's job, and a staff member's name: as stored.
      'システム · job',
      'スタッフ · Demo boxOffice',
      '—',
    ]);
    const results = await axe.run(table);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it("edits the visitor's details (only what changed, with the order's version) and resends the mail", async () => {
    let order = orderFixture();
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      [`GET ${ORDER}`]: () => ({ status: 200, body: { order } }),
      [`PUT ${ORDER}/visitor`]: (call) => {
        const email = (call.body as { email?: string }).email;
        if (email === 'not-an-address') return { status: 400, body: { error: 'invalid email address' } };
        order = {
          ...order,
          visitor: { ...order.visitor, email: email ?? null },
          updated_at: '2026-11-22T00:00:00Z',
        };
        return { status: 200, body: { visitor: order.visitor, updated_at: order.updated_at } };
      },
      [`POST ${ORDER}/purchase-mail`]: {
        status: 200,
        body: {
          mail: {
            id: 42,
            kind: 'purchase_confirmation',
            to_address: 'hanako@example.org',
            status: 'pending',
            created_at: '2026-11-22T00:01:00Z',
            sent_at: null,
            last_error: null,
          },
        },
      },
    });
    const user = userEvent.setup();
    await renderConsole(`#${ORDER}`);
    await user.click(await screen.findByRole('button', { name: "Edit the visitor's details" }));
    const dialog = screen.getByRole('dialog', { name: "Edit the visitor's details" });
    const email = within(dialog).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText('This e-mail address is not valid.').length).toBeGreaterThan(0);

    await user.clear(email);
    await user.type(email, 'hanako@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The visitor's details are saved.")).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      email: 'hanako@example.org',
      expected_updated_at: '2026-11-20T03:00:00.123456+00:00',
    });
    await vi.waitFor(() => expect(screen.getByText('hanako@example.org', { selector: 'dd' })).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Resend the purchase mail' }));
    expect(await screen.findByText('The purchase mail is queued to hanako@example.org.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${ORDER}/purchase-mail`,
    ]);
  });

  it("erases the visitor's personal data once understood, with the password again, and says what went", async () => {
    let order = orderFixture();
    let answers = 0;
    let reauthenticated = false;
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      [`GET ${ORDER}`]: () => ({ status: 200, body: { order } }),
      [`POST ${ORDER}/personal-data-erasure`]: () => {
        answers += 1;
        // A mail to the visitor still queued at first; then the server asks for the password again.
        if (answers === 1) return { status: 409, body: { error: 'console erasure in progress' } };
        if (!reauthenticated) return { status: 401, body: { error: 'console reauthentication required' } };
        order = {
          ...order,
          visitor: { fullname: null, email: null, phone: null },
          customer_info: [],
          personal_data_erased_at: '2026-11-22T00:00:00Z',
        };
        return {
          status: 200,
          body: { erasure: { erased_at: '2026-11-22T00:00:00Z', orders: 2, reservations: 1, mails: 3 } },
        };
      },
      'POST /session/reauthenticate': () => {
        reauthenticated = true;
        return { status: 200, body: { reauthenticatedUntil: '2026-11-22T00:05:00Z' } };
      },
    });
    const user = userEvent.setup();
    await renderConsole(`#${ORDER}`);
    await user.click(await screen.findByRole('button', { name: 'Erase personal data…' }));
    const dialog = screen.getByRole('dialog', { name: "Erase the visitor's personal data" });
    // What goes and what stays, before anything is sent.
    expect(
      within(dialog).getByText('Name, e-mail address, phone and every other order-form answer'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Payments and refunds (financial records)')).toBeTruthy();
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    const erase = within(dialog).getByRole('button', { name: 'Erase personal data' }) as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I understand this cannot be undone' }));
    expect(erase.disabled).toBe(false);

    await user.click(erase);
    expect(await within(dialog).findByText(/a mail to the visitor is still waiting to be sent/)).toBeTruthy();
    await user.click(erase);
    const password = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(password).getByLabelText('Password'), 'my password');
    await user.click(within(password).getByRole('button', { name: 'Confirm' }));
    const done = await screen.findByText('Personal data erased. Orders: 2, reservations: 1, mails: 3.');
    expect(done.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    const posts = api.calls.filter(
      (call) => call.method === 'POST' && call.path !== '/session/reauthenticate',
    );
    expect(posts.map((call) => call.path)).toEqual([
      `${ORDER}/personal-data-erasure`,
      `${ORDER}/personal-data-erasure`,
      `${ORDER}/personal-data-erasure`,
    ]);
    expect(posts.every((call) => call.body === undefined)).toBe(true);
    // The order read again: erased, so nothing more to erase, edit or mail.
    expect(await screen.findByText(/^Personal data erased on Nov 22, 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase personal data…' })).toBeNull();
    expect(screen.queryByRole('button', { name: "Edit the visitor's details" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend the purchase mail' })).toBeNull();
  });

  it('shows when the personal data was erased, and offers neither the erasure nor the edit again', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      [`GET ${ORDER}`]: {
        status: 200,
        body: {
          order: orderFixture({
            visitor: { fullname: null, email: null, phone: null },
            customer_info: [],
            personal_data_erased_at: '2026-11-22T00:00:00Z',
            mails: [{ ...orderFixture().mails[0]!, to_address: '' }],
          }),
        },
      },
    });
    await renderConsole(`#${ORDER}`);
    expect(await screen.findByRole('heading', { name: 'Personal data' })).toBeTruthy();
    expect(screen.getByText(/^Personal data erased on Nov 22, 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase personal data…' })).toBeNull();
    expect(screen.queryByRole('button', { name: "Edit the visitor's details" })).toBeNull();
    // The mails sent about it stay listed, their recipient erased.
    expect(screen.getByRole('cell', { name: '(erased)' })).toBeTruthy();
    // The rest of the desk stays: the tickets are still valid.
    expect(screen.getByRole('button', { name: 'Cancel all tickets…' })).toBeTruthy();
  });

  it("changes the date on the visitor's behalf, waiving the top-up with a reason", async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      [`GET ${ORDER}`]: { status: 200, body: { order: orderFixture() } },
      [`GET ${ORDER}/date-change`]: { status: 200, body: dateOptionsFixture() },
      [`POST ${ORDER}/date-change`]: {
        status: 200,
        body: {
          order_id: 601,
          starts_at: '2026-12-05T08:00:00Z',
          ends_at: '2026-12-05T09:00:00Z',
          price_difference: 1000,
          collected: 0,
          waived: 1000,
        },
      },
    });
    const user = userEvent.setup();
    await renderConsole(`#${ORDER}`);
    await user.click(await screen.findByRole('button', { name: 'Change the date…' }));
    const dialog = screen.getByRole('dialog', { name: "Change the date on the visitor's behalf" });
    // The booked day (Tokyo) is asked first, in the staff member's language.
    await vi.waitFor(() =>
      expect(api.calls.map((call) => call.path)).toContain(`${ORDER}/date-change?date=2026-12-05&lang=en`),
    );
    await user.click(await within(dialog).findByRole('radio', { name: /Forest walk \(evening\)/ }));
    expect(within(dialog).getByRole('group', { name: 'The visitor owes ¥1,000' })).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Change the date' });
    // Collect is the default; no method chosen yet.
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /Waive it/ }));
    await user.type(within(dialog).getByLabelText('Reason for waiving'), 'Our closure');
    await user.click(submit);
    expect(await within(dialog).findByText(/¥1,000 waived\./)).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      time_span_id: 902,
      top_up: { kind: 'waive', reason: 'Our closure' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Open the order' }));
    expect(window.location.hash).toBe('#/sites/MORI/orders/601');
  });

  it('refunds one chosen ticket: its amount, the method, the approval limit, the password again', async () => {
    let reauthenticated = false;
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      [`GET ${ORDER}`]: {
        status: 200,
        body: {
          order: orderFixture({
            refunds: [
              {
                id: 70,
                amount: 1800,
                status: 'awaiting_approval',
                reason: 'visitor_sick',
                created_at: '2026-11-28T08:00:00Z',
                completed_at: null,
              },
            ],
          }),
        },
      },
      [`GET ${ORDER}/refund-preview`]: {
        status: 200,
        body: refundPreviewFixture({
          approval_limit_yen: 1000,
          // Ticket 1 is in the refund waiting for approval.
          tickets: refundPreviewFixture().tickets.map((ticket) =>
            ticket.id === 11 ? { ...ticket, refundable: false } : ticket,
          ),
        }),
      },
      [`POST ${ORDER}/refunds`]: () =>
        reauthenticated
          ? {
              status: 200,
              body: {
                refund_id: 71,
                status: 'awaiting_approval',
                amount: 1800,
                ticket_ids: [12],
                return_note_number: null,
              },
            }
          : { status: 401, body: { error: 'console reauthentication required' } },
      'POST /session/reauthenticate': () => {
        reauthenticated = true;
        return { status: 200, body: { reauthenticatedUntil: '2026-11-28T01:05:00Z' } };
      },
    });
    const user = userEvent.setup();
    await renderConsole(`#${ORDER}`);
    const tickets = await screen.findByRole('table', { name: 'Tickets' });
    const cancelChosen = screen.getByRole('button', { name: 'Cancel the chosen tickets (0)…' });
    expect((cancelChosen as HTMLButtonElement).disabled).toBe(true);
    // The ticket already in a waiting refund cannot be chosen again.
    await vi.waitFor(() =>
      expect(
        (within(tickets).getByRole('checkbox', { name: 'Choose ticket 1 Adult' }) as HTMLInputElement)
          .disabled,
      ).toBe(true),
    );
    expect(tickets.textContent).toContain('In a refund (awaiting approval or under way)');
    await user.click(within(tickets).getByRole('checkbox', { name: 'Choose ticket 2 Adult' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the chosen tickets (1)…' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel tickets' });
    const amounts = await within(dialog).findByRole('table', { name: 'What each ticket gives back' });
    // Only the chosen ticket, its price less its coupon share, and the total.
    const rows = within(amounts).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toBe('2Adult¥2,000-¥200¥1,800');
    expect(rows[2]!.textContent).toBe('Total¥1,800');
    expect(within(dialog).getByText('Card (GMO), automatically')).toBeTruthy();
    expect(within(dialog).getByText(/Above your limit of ¥1,000/)).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'visitor_sick');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ¥1,800' }));

    const password = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(password).getByLabelText('Password'), 'my password');
    await user.click(within(password).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(/The refund of ¥1,800 is awaiting approval by a second staff member/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Refunds awaiting approval' }).getAttribute('href')).toBe(
      '#/sites/MORI/refund-approvals',
    );
    const posts = api.calls.filter((call) => call.method === 'POST' && call.path === `${ORDER}/refunds`);
    expect(posts).toHaveLength(2);
    const body = posts[1]!.body as { ticket_ids: number[]; reason: string; idempotency_key: string };
    expect(body.ticket_ids).toEqual([12]);
    expect(body.reason).toBe('visitor_sick');
    // The retry after the password is the same refund: one key per dialog.
    expect(body.idempotency_key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect((posts[0]!.body as { idempotency_key: string }).idempotency_key).toBe(body.idempotency_key);
  });

  it('cancels every ticket without refund, and records a failed refund as a manual one', async () => {
    const failed = {
      id: 3,
      amount: 1800,
      status: 'failed',
      reason: 'wrong_date',
      created_at: '2026-11-21T00:00:00Z',
      completed_at: null,
    };
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('administrator') },
      [`GET ${ORDER}`]: {
        status: 200,
        body: {
          order: orderFixture({
            refunds: [failed],
            payments: [{ ...orderFixture().payments[0]!, method: 'cash' }],
          }),
        },
      },
      [`GET ${ORDER}/refund-preview`]: {
        status: 200,
        body: refundPreviewFixture({
          refunds: [
            {
              ...failed,
              status: 'failed',
              reason: 'wrong_date',
              ticket_ids: [11],
              requested_by: 'Demo boxOffice',
              return_note_number: 'RN-MORI-000004',
              failure_code: 'gateway_declined',
              manual_recorded_at: null,
              manual_note: null,
            },
          ],
        }),
      },
      [`POST ${ORDER}/cancellations`]: {
        status: 200,
        body: { refund_id: 72, status: 'none', amount: 0, ticket_ids: [11, 12], return_note_number: null },
      },
      'GET /sites/MORI/refunds/3/return-note': {
        status: 200,
        body: {
          note_number: 'RN-MORI-000004',
          reservation_number: 'R-1',
          lang: 'en',
          currency: 'JPY',
          issuer: { name: 'Mori Museum', registration_number: null },
          product_name: 'Admission',
          starts_at: '2026-12-01T01:00:00.000Z',
          issued_at: '2026-11-28T01:00:00.000Z',
          receipt_number: null,
          items: [{ name: 'Adult', sequence: 1, amount: 1800 }],
          amount: 1800,
          taxes: [{ rate_percent: 10, amount: 1800, tax: 163 }],
        },
      },
      'POST /sites/MORI/refunds/3/manual': {
        status: 200,
        body: {
          refund_id: 3,
          status: 'manual',
          amount: 1800,
          ticket_ids: [11],
          return_note_number: 'RN-MORI-000004',
        },
      },
    });
    const user = userEvent.setup();
    await renderConsole(`#${ORDER}`);
    const refunds = await screen.findByRole('table', { name: 'Refunds' });
    await vi.waitFor(() => expect(refunds.textContent).toContain('RN-MORI-000004'));
    expect(refunds.textContent).toContain('Bought the wrong date');
    expect(refunds.textContent).toContain('gateway_declined');
    // The return note's number opens the note itself, read through the console's route.
    await user.click(within(refunds).getByRole('button', { name: 'RN-MORI-000004' }));
    const noteDialog = screen.getByRole('dialog', { name: 'Return note RN-MORI-000004' });
    await vi.waitFor(() => expect(noteDialog.textContent).toContain('Adult'));
    expect(noteDialog.textContent).toContain('1,800');
    expect(api.calls.some((call) => call.path === '/sites/MORI/refunds/3/return-note?lang=en')).toBe(true);
    await user.click(within(noteDialog).getByRole('button', { name: 'Close' }));
    await user.click(within(refunds).getByRole('button', { name: 'Record as manual refund' }));
    const manual = screen.getByRole('dialog', { name: 'Record a manual refund' });
    const record = within(manual).getByRole('button', { name: 'Record the manual refund' });
    expect((record as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(manual).getByLabelText('How the money went back'), 'Cash at the counter');
    await user.click(record);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((call) => call.path === '/sites/MORI/refunds/3/manual')?.body).toEqual({
      note: 'Cash at the counter',
    });

    await user.click(screen.getByRole('button', { name: 'Cancel all tickets…' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel tickets' });
    // Paid in cash: the money goes back by hand.
    expect(await within(dialog).findByText('Cash: manual, give the money back at the counter')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Cancel without refund' }));
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'other');
    await user.type(within(dialog).getByLabelText('The reason'), 'No-show agreed by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel tickets (2)' }));
    expect(await within(dialog).findByText('Tickets cancelled without refund: 2.')).toBeTruthy();
    const cancel = api.calls.find((call) => call.path === `${ORDER}/cancellations`);
    expect(cancel?.body).toMatchObject({ ticket_ids: 'all', reason: 'No-show agreed by phone' });
    expect(api.calls.some((call) => call.path === `${ORDER}/refunds`)).toBe(false);
  });
});
