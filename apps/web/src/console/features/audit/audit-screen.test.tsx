import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@kippu/contract/console/audit-schemas';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const event = (id: number, action: string): AuditEvent => ({
  id,
  at: '2026-11-28T05:00:00+00:00',
  actor: { kind: 'staff', staff_id: 7, device_id: null, label: 'Demo owner' },
  site_code: 'MORI',
  object_type: 'gate_device',
  object_id: String(id),
  action,
  before: null,
  after: { name: 'North' },
  personal: null,
  personal_erased: false,
  client_address: '127.0.0.1',
  user_agent: null,
});

describe('audit log', () => {
  it('filters from the address, pages with the cursor and links each object to its history', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /staff': { status: 200, body: { staff: [] } },
      'GET /audit-events': (call) =>
        call.path.includes('cursor=30')
          ? { status: 200, body: { events: [event(29, 'revoke')], next_cursor: null } }
          : { status: 200, body: { events: [event(30, 'register')], next_cursor: '30' } },
    });
    const user = userEvent.setup();
    await renderConsole('#/audit?action=register&site=MORI&from=2026-11-28T09:00');

    expect(await screen.findByText('register')).toBeTruthy();
    const first = api.calls.find((call) => call.path.startsWith('/audit-events'))!;
    const query = new URLSearchParams(first.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      action: 'register',
      site: 'MORI',
      from: '2026-11-28T09:00:00+09:00',
      limit: '50',
    });
    expect(screen.getByRole('link', { name: 'gate_device 30' }).getAttribute('href')).toBe(
      '#/audit/gate_device/30',
    );

    await user.click(screen.getByRole('button', { name: 'Show older events' }));
    expect(await screen.findByText('revoke')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older events' })).toBeNull();
  });
});
