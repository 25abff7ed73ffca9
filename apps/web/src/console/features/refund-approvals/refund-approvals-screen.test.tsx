import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { approvalFixture } from './approval-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const LIST = 'GET /sites/MORI/refund-approvals';

describe('refund approvals screen', () => {
  it('approves a refund after the password, and shows the requester that their own waits for another', async () => {
    let waiting = [
      approvalFixture(),
      approvalFixture({ id: 72, order_id: 502, reservation_number: 'R-2026-0002', amount: 12000, own: true }),
    ];
    let reauthenticated = false;
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('finance') },
      [LIST]: () => ({ status: 200, body: { refunds: waiting } }),
      'POST /sites/MORI/refunds/71/approval': () => {
        if (!reauthenticated) return { status: 401, body: { error: 'console reauthentication required' } };
        waiting = waiting.filter((refund) => refund.id !== 71);
        return {
          status: 200,
          body: {
            refund_id: 71,
            status: 'succeeded',
            amount: 36000,
            ticket_ids: [11, 12],
            return_note_number: 'RN-1',
          },
        };
      },
      'POST /session/reauthenticate': () => {
        reauthenticated = true;
        return { status: 200, body: { reauthenticatedUntil: '2026-11-28T01:05:00Z' } };
      },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/refund-approvals');
    const table = await screen.findByRole('table', { name: 'Refunds awaiting approval' });
    const [, first, own] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('¥36,000');
    expect(first!.textContent).toContain('Visitor is ill');
    expect(first!.textContent).toContain('Demo boxOffice');
    expect(within(first!).getByRole('link', { name: 'R-2026-0001' }).getAttribute('href')).toBe(
      '#/sites/MORI/orders/501',
    );
    // The requester's own refund: no decision for them.
    expect(own!.textContent).toContain('You asked for it: another staff member approves it.');
    expect(within(own!).queryAllByRole('button')).toHaveLength(0);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await user.click(
      within(first!).getByRole('button', { name: 'Approve the refund of ¥36,000 for R-2026-0001' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve the refund' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and refund ¥36,000' }));
    const password = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(password).getByLabelText('Password'), 'finance password');
    await user.click(within(password).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Approved: the refund of ¥36,000 is on its way.')).toBeTruthy();
    await vi.waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    const approvals = api.calls.filter((call) => call.path === '/sites/MORI/refunds/71/approval');
    expect(approvals).toHaveLength(2);
    expect(approvals[1]!.body).toEqual({});
  });

  it("rejects with a note and shows the server's refusal", async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('administrator') },
      [LIST]: { status: 200, body: { refunds: [approvalFixture({ reason: 'Typed by staff' })] } },
      'POST /sites/MORI/refunds/71/rejection': {
        status: 409,
        body: { error: 'console refund needs other approver' },
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/refund-approvals');
    const table = await screen.findByRole('table', { name: 'Refunds awaiting approval' });
    // A reason staff typed shows as typed.
    expect(table.textContent).toContain('Typed by staff');
    await user.click(
      within(table).getByRole('button', { name: 'Reject the refund of ¥36,000 for R-2026-0001' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reject the refund' });
    await user.type(within(dialog).getByLabelText('Note'), 'Outside the policy');
    await user.click(within(dialog).getByRole('button', { name: 'Reject the refund' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ note: 'Outside the policy' });
  });

  it('shows a box office member the list without decisions (their role refunds up to the limit)', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      [LIST]: { status: 200, body: { refunds: [approvalFixture()] } },
    });
    await renderConsole('#/sites/MORI/refund-approvals');
    const table = await screen.findByRole('table', { name: 'Refunds awaiting approval' });
    expect(screen.getByText(/Your role refunds up to the organisation's limit only/)).toBeTruthy();
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    expect(table.textContent).toContain('Another role decides');
  });
});
