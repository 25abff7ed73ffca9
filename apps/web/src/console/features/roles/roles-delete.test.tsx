import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@kippu/contract/console/identity-schemas';
import { ROLE_TEMPLATES } from '@kippu/contract/console/permissions';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const role = (id: number, name: string, template: StaffRole['template']): StaffRole => ({
  id,
  name,
  template,
  permissions: ROLE_TEMPLATES.gate.permissions,
  limits: {},
  requireSecondFactor: false,
});

const rowOf = (name: string) =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === name)!;

describe('deleting a role', () => {
  it('offers Delete only for custom roles, asks first, and deletes', async () => {
    let roles = [role(2, 'Gate', 'gate'), role(5, 'Night shift', null)];
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /roles': () => ({ status: 200, body: { roles } }),
      'DELETE /roles/5': () => {
        roles = roles.filter((r) => r.id !== 5);
        return { status: 200, body: { ok: true } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    await renderConsole('#/roles');
    await screen.findByRole('table');
    expect(within(rowOf('Gate')).queryByRole('button', { name: 'Delete' })).toBeNull();

    await user.click(within(rowOf('Night shift')).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete the role Night shift? This cannot be undone.');
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(rowOf('Night shift')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByText('Night shift')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/roles/5',
    ]);
  });

  it('says why a role in use cannot be deleted', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /roles': { status: 200, body: { roles: [role(5, 'Night shift', null)] } },
      'DELETE /roles/5': {
        status: 400,
        body: { error: 'invalid request', issues: [{ path: 'id', message: 'the role is in use' }] },
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    await renderConsole('#/roles');
    await screen.findByRole('table');
    await user.click(within(rowOf('Night shift')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This role cannot be deleted');
    expect(screen.getByText('Night shift')).toBeTruthy();
  });
});
