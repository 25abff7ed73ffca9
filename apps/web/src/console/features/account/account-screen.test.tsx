import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('my account', () => {
  it('changes the password and sends the next write with the new session token', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('gate') },
      'PUT /me/password': { status: 200, body: { csrfToken: 'csrf-after-change' } },
      'POST /session/others/end': { status: 200, body: { ended: 0 } },
    });
    const user = userEvent.setup();
    await renderConsole('#/account');
    await user.type(await screen.findByLabelText('Current password'), 'the old one');
    await user.type(screen.getByLabelText('New password'), 'a quiet river under maple trees');
    await user.type(screen.getByLabelText('New password again'), 'a quiet river under maple trees');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your password has been changed.');
    expect(api.calls.find((call) => call.path === '/me/password')!.body).toEqual({
      currentPassword: 'the old one',
      newPassword: 'a quiet river under maple trees',
    });

    await user.click(screen.getByRole('button', { name: 'End my other sessions' }));
    await screen.findByText('Your other sessions have ended.');
    expect(api.calls.find((call) => call.path === '/session/others/end')!.headers['x-console-csrf']).toBe(
      'csrf-after-change',
    );
  });
});
