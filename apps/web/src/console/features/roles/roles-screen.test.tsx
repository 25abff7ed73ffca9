import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@kippu/contract/console/identity-schemas';
import { ROLE_TEMPLATES } from '@kippu/contract/console/permissions';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const ROLES: StaffRole[] = [
  // Stored names as created (in English); the template key is what names them on screen.
  { id: 1, name: 'Owner', template: 'owner', ...ROLE_TEMPLATES.owner, requireSecondFactor: true },
  { id: 2, name: 'Gate', template: 'gate', ...ROLE_TEMPLATES.gate, requireSecondFactor: false },
  {
    id: 3,
    name: '受付チーム',
    template: null,
    permissions: ROLE_TEMPLATES.owner.permissions,
    limits: {},
    requireSecondFactor: true,
  },
].map(({ id, name, template, permissions, limits, requireSecondFactor }) => ({
  id,
  name,
  template,
  permissions,
  limits,
  requireSecondFactor,
})) as StaffRole[];

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('roles', () => {
  it('names template roles in the staff member’s language and custom roles by their own name', async () => {
    fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('owner', {
          staff: { id: 7, email: 'owner@example.com', name: 'Demo owner', lang: 'ja' },
        }),
      },
      'GET /roles': { status: 200, body: { roles: ROLES } },
    });
    await renderConsole('#/roles', 'ja');
    await screen.findByRole('table');
    expect(names()).toEqual(['オーナー', 'ゲート', '受付チーム']);
  });

  it('an administrator (staff write, but kept away from owners) edits no role, whatever its template', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('administrator') },
      'GET /roles': { status: 200, body: { roles: ROLES } },
    });
    await renderConsole('#/roles');
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'New role' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Edit' })).toHaveLength(0);
  });

  it('a custom role with staff write and no limit edits roles; an owner copy without staff write does not', async () => {
    const custom = sessionOf('owner', {
      role: { id: 3, name: '受付チーム', template: null },
      permissions: ROLE_TEMPLATES.owner.permissions,
      limits: {},
    });
    fakeConsoleApi({
      'GET /session': { status: 200, body: custom },
      'GET /roles': { status: 200, body: { roles: ROLES } },
    });
    const first = await renderConsole('#/roles');
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'New role' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(3);
    first.unmount();
    vi.unstubAllGlobals();

    const readOnlyOwner = sessionOf('owner', {
      permissions: { ...ROLE_TEMPLATES.owner.permissions, staff: 'read' },
    });
    fakeConsoleApi({
      'GET /session': { status: 200, body: readOnlyOwner },
      'GET /roles': { status: 200, body: { roles: ROLES } },
    });
    await renderConsole('#/roles');
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'New role' })).toBeNull();
  });
});
