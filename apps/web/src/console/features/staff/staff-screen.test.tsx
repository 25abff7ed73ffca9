import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_TEMPLATES } from '@kippu/contract/console/permissions';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const role = (id: number, template: 'owner' | 'gate') => ({
  id,
  name: template,
  template,
  permissions: ROLE_TEMPLATES[template].permissions,
  limits: {},
  requireSecondFactor: template === 'owner',
});

describe('staff screen', () => {
  it('invites a gate member for one site and lists the pending invitation', async () => {
    const invitations: unknown[] = [];
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /staff': { status: 200, body: { staff: [] } },
      'GET /roles': { status: 200, body: { roles: [role(1, 'owner'), role(5, 'gate')] } },
      'GET /staff/invitations': () => ({ status: 200, body: { invitations } }),
      'POST /staff/invitations': (call) => {
        const body = call.body as Record<string, unknown>;
        const invitation = {
          id: 9,
          email: body.email,
          name: body.name,
          lang: body.lang,
          roleId: 5,
          roleName: 'gate',
          allSites: false,
          siteCodes: ['MORI'],
          createdAt: '2026-11-28T05:00:00Z',
          expiresAt: '2026-12-05T05:00:00Z',
        };
        invitations.push(invitation);
        return { status: 200, body: { invitation } };
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/staff');

    await user.click(await screen.findByText('Invite a staff member'));
    await user.type(screen.getByLabelText('E-mail address'), 'new-gate@example.com');
    await user.type(screen.getByLabelText('Name'), 'New gate');
    expect(screen.getByLabelText('Role')).toHaveProperty('value', '5');
    await user.click(screen.getByLabelText('Mori'));
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));

    expect((await screen.findByRole('status')).textContent).toBe('The invitation mail is on its way.');
    const pending = await screen.findByRole('region', { name: 'Pending invitations' });
    expect(await within(pending).findByText('new-gate@example.com')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      email: 'new-gate@example.com',
      name: 'New gate',
      lang: 'en',
      roleId: 5,
      allSites: false,
      siteCodes: ['MORI'],
    });
  });
});
