import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf, SIGNED_OUT } from '../test/console-fake-api.ts';
import { renderConsole } from '../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

/** axe on what is rendered; colour contrast needs a layout jsdom has not (the e2e journeys check it). */
async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  // It looked at something: a run that checked nothing would pass any screen.
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('console sign-in', () => {
  it('signs in with the password, then the second factor, and carries the CSRF token on writes', async () => {
    let stage: 'out' | 'code' | 'in' = 'out';
    const api = fakeConsoleApi({
      'GET /session': () =>
        stage === 'out'
          ? SIGNED_OUT
          : {
              status: 200,
              body: sessionOf('owner', {
                secondFactor: stage === 'code' ? 'needed' : 'done',
                csrfToken: stage === 'code' ? 'csrf-after-password' : 'csrf-after-code',
              }),
            },
      'POST /session': () => {
        stage = 'code';
        return { status: 200, body: { secondFactor: 'needed', csrfToken: 'csrf-after-password' } };
      },
      'POST /session/second-factor': (call) => {
        if ((call.body as { code: string }).code !== '123456') {
          return { status: 401, body: { error: 'console second factor failed' } };
        }
        stage = 'in';
        return { status: 200, body: { secondFactor: 'done' } };
      },
      'GET /dashboard': { status: 404, body: { error: 'record not found' } },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/');

    await screen.findByRole('heading', { name: 'Sign in to the console' });
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('E-mail address'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Second step of sign-in' });
    await expectNoAxeViolations(container);
    await user.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The code was not accepted');

    await user.clear(screen.getByLabelText('Code from your authenticator app'));
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('navigation', { name: 'Console menu' });

    const codeCall = api.calls.find((call) => call.path === '/session/second-factor')!;
    expect(codeCall.headers['x-console-csrf']).toBe('csrf-after-password');
    const signIn = api.calls.find((call) => call.method === 'POST' && call.path === '/session')!;
    expect(signIn.body).toEqual({ email: 'owner@example.com', password: 'a long enough password' });
  });

  it('says so when the password is wrong', async () => {
    fakeConsoleApi({
      'GET /session': SIGNED_OUT,
      'POST /session': { status: 401, body: { error: 'console sign in failed' } },
    });
    const user = userEvent.setup();
    await renderConsole('#/sign-in', 'ja');
    await user.type(await screen.findByLabelText('メールアドレス'), 'owner@example.com');
    await user.type(screen.getByLabelText('パスワード'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'サインイン' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'メールアドレスまたはパスワードが正しくありません。',
    );
  });
});

describe('console navigation', () => {
  it('shows a gate member only the check-in screens of their site', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('gate', { sites: [{ code: 'MORI', name: 'Mori' }] }) },
      'GET /sites/MORI/gate-devices': { status: 200, body: { devices: [] } },
    });
    const { container } = await renderConsole('#/staff');
    // The staff screen is not theirs: the console takes them to their first screen instead.
    await screen.findByRole('heading', { name: 'Gate devices' });
    expect(window.location.hash).toBe('#/sites/MORI/gate-devices');
    const menu = screen.getByRole('navigation', { name: 'Console menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Gate devices']);
    await expectNoAxeViolations(container);
  });

  it('shows an owner every screen, and never a site the membership does not cover', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /dashboard': { status: 404, body: { error: 'record not found' } },
    });
    await renderConsole('#/sites/OKINAWA/dashboard');
    await waitFor(() => expect(window.location.hash).toBe('#/sites/MORI/dashboard'));
    const menu = await screen.findByRole('navigation', { name: 'Console menu' });
    expect(within(menu).getAllByRole('link')).toHaveLength(22);
  });

  it('leaves Members and the member import out for a site without membership login (ADR 128)', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /sites/MORI/members': { status: 200, body: { members: [], next_cursor: null } },
      'GET /sites/BORDERLESS/dashboard': { status: 404, body: { error: 'record not found' } },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/members');
    const menu = await screen.findByRole('navigation', { name: 'Console menu' });
    const links = () =>
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent);
    await within(menu).findByRole('link', { name: 'Members' });
    expect(links()).toEqual(expect.arrayContaining(['Members', 'Member import']));

    // The same screen is not there for BORDERLESS: the picker goes to its first screen instead.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Site' }), 'BORDERLESS');
    await waitFor(() => expect(window.location.hash).toBe('#/sites/BORDERLESS/dashboard'));
    await waitFor(() => expect(links()).not.toContain('Members'));
    expect(links()).not.toContain('Member import');
    expect(links()).toHaveLength(20);
  });
});

describe('console session end', () => {
  it('goes back to the sign-in screen when a call finds the session ended', async () => {
    let signedIn = true;
    fakeConsoleApi({
      'GET /session': () => (signedIn ? { status: 200, body: sessionOf('gate') } : SIGNED_OUT),
      'GET /sites/MORI/gate-devices': () => {
        // Ended elsewhere (timed out, or every session ended) between two screens.
        signedIn = false;
        return { status: 401, body: { error: 'console sign in required' } };
      },
    });
    await renderConsole('#/sites/MORI/gate-devices');
    await screen.findByRole('heading', { name: 'Sign in to the console' });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('console re-authentication', () => {
  it('asks for the password when the API wants it, then sends the call again', async () => {
    let reauthenticated = false;
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /sites/MORI/gate-devices': { status: 200, body: { devices: [] } },
      'POST /sites/MORI/gate-devices': () =>
        reauthenticated
          ? {
              status: 200,
              body: {
                device: {
                  id: 4,
                  name: 'North',
                  created_at: '2026-11-28T01:00:00Z',
                  revoked_at: null,
                  last_used_at: null,
                },
                key: 'KG1-ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
              },
            }
          : { status: 401, body: { error: 'console reauthentication required' } },
      'POST /session/reauthenticate': () => {
        reauthenticated = true;
        return { status: 200, body: { reauthenticatedUntil: '2026-11-28T01:05:00Z' } };
      },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/gate-devices');
    await user.type(await screen.findByLabelText('Device name', { exact: false }), 'North');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await expectNoAxeViolations(container);
    await user.type(within(dialog).getByLabelText('Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('KG1-ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const creates = api.calls.filter(
      (call) => call.method === 'POST' && call.path === '/sites/MORI/gate-devices',
    );
    expect(creates).toHaveLength(2);
    expect(creates[1]!.body).toEqual({ name: 'North' });
    expect(api.calls.find((call) => call.path === '/session/reauthenticate')!.body).toEqual({
      password: 'my password',
    });
  });
});
