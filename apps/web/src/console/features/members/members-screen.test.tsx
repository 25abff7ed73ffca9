import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleMember } from '@kippu/contract/console/operations-members';
import { expectNoAxeViolations } from '../../test/expect-no-axe-violations.ts';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const member = (id: number, patch: Partial<ConsoleMember> = {}): ConsoleMember => ({
  id,
  email: `member${id}@example.jp`,
  name: `Member ${id}`,
  phone: '',
  resident_area: '',
  age: '',
  gender: '',
  created_at: '2026-11-01T01:00:00Z',
  orders: 0,
  last_order_at: null,
  ...patch,
});

const LIST = 'GET /sites/MORI/members';

describe('members screen', () => {
  it('searches by the address kept in the URL, pages on, and erases a member with the password again', async () => {
    let members = [member(3, { email: 'ayumi@example.jp', name: 'Ayumi Sato', orders: 2 }), member(2)];
    let reauthenticated = false;
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      [LIST]: (call) => {
        const query = new URLSearchParams(call.path.split('?')[1]);
        if (query.get('cursor') === '2')
          return { status: 200, body: { members: [member(1)], next_cursor: null } };
        const q = query.get('q');
        const found = q ? members.filter((m) => m.email.startsWith(q)) : members;
        return { status: 200, body: { members: found, next_cursor: q ? null : '2' } };
      },
      'DELETE /sites/MORI/members/3': () => {
        if (!reauthenticated) return { status: 401, body: { error: 'console reauthentication required' } };
        members = members.filter((m) => m.id !== 3);
        return { status: 200, body: { erased: { orders_unlinked: 2 } } };
      },
      'POST /session/reauthenticate': () => {
        reauthenticated = true;
        return { status: 200, body: { reauthenticatedUntil: '2026-11-22T00:05:00Z' } };
      },
    });
    const user = userEvent.setup({ delay: null });
    const { container } = await renderConsole('#/sites/MORI/members');
    const table = await screen.findByRole('table', { name: 'Members found' });
    expect(within(table).getByText('ayumi@example.jp')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import members from a CSV file' }).getAttribute('href')).toBe(
      '#/sites/MORI/members/import',
    );
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(table).findByText('member1@example.jp')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Find a member' }), 'ayumi');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(window.location.hash).toBe('#/sites/MORI/members?q=ayumi');
    await screen.findByRole('table', { name: 'Members found' });
    expect(await screen.findByRole('button', { name: 'Erase the member ayumi@example.jp' })).toBeTruthy();
    expect(screen.queryByText('member2@example.jp')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Erase the member ayumi@example.jp' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase this member' });
    expect(within(dialog).getByText(/Ayumi Sato \(ayumi@example\.jp\) asked for their account/)).toBeTruthy();
    expect(within(dialog).getByText(/The link from their orders \(2\)/)).toBeTruthy();
    await expectNoAxeViolations(dialog as HTMLElement);
    const erase = within(dialog).getByRole('button', { name: 'Erase the member' }) as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I understand this cannot be undone' }));
    await user.click(erase);
    const password = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(password).getByLabelText('Password'), 'my password');
    await user.click(within(password).getByRole('button', { name: 'Confirm' }));
    const done = await screen.findByText('Member erased. Orders unlinked: 2.');
    expect(done.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(await screen.findByText('No member matches.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/sites/MORI/members/3',
      '/sites/MORI/members/3',
    ]);
  });

  it('shows a reader the list in Japanese without erasing or importing', async () => {
    fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('planner', { staff: { id: 7, email: 'p@example.com', name: 'P', lang: 'ja' } }),
      },
      [LIST]: { status: 200, body: { members: [member(5)], next_cursor: null } },
    });
    await renderConsole('#/sites/MORI/members');
    const table = await screen.findByRole('table', { name: '見つかった会員' });
    expect(within(table).getByText('member5@example.jp')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /消去/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'CSVファイルから会員を取り込む' })).toBeNull();
  });
});

describe('members screen on a site without membership login (ADR 128)', () => {
  const menuLinks = () =>
    within(screen.getByRole('navigation', { name: /./ }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('says why there is nothing to list, in the staff member’s language, with the way to the settings', async () => {
    const api = fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('owner', { staff: { id: 7, email: 'o@example.com', name: 'O', lang: 'ja' } }),
      },
      'GET /sites/BORDERLESS/members': { status: 200, body: { members: [], next_cursor: null } },
    });
    const { container } = await renderConsole('#/sites/BORDERLESS/members', 'ja');
    const note = await screen.findByText(/このサイトは会員サインインを使っていないため/);
    expect(note.textContent).toContain('「会員サインインを使う」');
    expect(screen.getByRole('link', { name: 'サイト設定を開く' }).getAttribute('href')).toBe(
      '#/sites/BORDERLESS/settings',
    );
    // Not an empty list: no table, no search, no import, no "no members yet".
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByText('会員はまだいません。')).toBeNull();
    expect(screen.queryByRole('link', { name: 'CSVファイルから会員を取り込む' })).toBeNull();
    expect(screen.queryByText(/以下の会員は/)).toBeNull();
    // The menu has neither Members nor the import for this site.
    expect(menuLinks()).not.toContain('会員');
    expect(menuLinks()).not.toContain('会員の取り込み');
    expect(menuLinks()).toContain('サイト設定');
    await expectNoAxeViolations(container);
    expect(api.calls.some((call) => call.path.startsWith('/sites/BORDERLESS/members'))).toBe(true);
  });

  it('still lists members kept from when the login was on, so they can be erased', async () => {
    fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('owner', {
          sites: [{ code: 'BORDERLESS', name: 'Borderless', membershipLogin: false, hasMembers: true }],
        }),
      },
      'GET /sites/BORDERLESS/members': { status: 200, body: { members: [member(9)], next_cursor: null } },
    });
    const { container } = await renderConsole('#/sites/BORDERLESS/members');
    const table = await screen.findByRole('table', { name: 'Members found' });
    expect(within(table).getByText('member9@example.jp')).toBeTruthy();
    expect(screen.getByText(/This site does not use membership sign-in/)).toBeTruthy();
    expect(screen.getByText(/The members below were added while membership sign-in was on/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erase the member member9@example.jp' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Find a member' })).toBeTruthy();
    // The import would refuse this site: not offered, here or in the menu; Members stays in the menu.
    expect(screen.queryByRole('link', { name: 'Import members from a CSV file' })).toBeNull();
    expect(menuLinks()).toContain('Members');
    expect(menuLinks()).not.toContain('Member import');
    await expectNoAxeViolations(container);
  });

  it('a search on a site that keeps no members does not speak of members below', async () => {
    fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('owner', {
          sites: [{ code: 'BORDERLESS', name: 'Borderless', membershipLogin: false, hasMembers: false }],
        }),
      },
      'GET /sites/BORDERLESS/members': { status: 200, body: { members: [], next_cursor: null } },
    });
    await renderConsole('#/sites/BORDERLESS/members?q=someone');
    await screen.findByText('No member matches.');
    expect(screen.getByText(/This site does not use membership sign-in/)).toBeTruthy();
    expect(screen.queryByText(/The members below were added/)).toBeNull();
  });

  it('on a site with membership login, the menu has Members and the import, and the screen no explanation', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      [LIST]: { status: 200, body: { members: [], next_cursor: null } },
    });
    await renderConsole('#/sites/MORI/members');
    expect(await screen.findByText('No members yet.')).toBeTruthy();
    expect(screen.queryByText(/This site does not use membership sign-in/)).toBeNull();
    expect(menuLinks()).toEqual(expect.arrayContaining(['Members', 'Member import']));
  });
});
