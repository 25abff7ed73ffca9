import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const CODES = ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'];

describe('new recovery codes on my account', () => {
  it('warns when few are left, asks before replacing them, and shows the new codes once', async () => {
    let left = 2;
    const api = fakeConsoleApi({
      'GET /session': () => ({
        status: 200,
        body: sessionOf('gate', { totpEnabled: true, secondFactor: 'done', recoveryCodesLeft: left }),
      }),
      'POST /me/recovery-codes': () => {
        left = 10;
        return { status: 200, body: { recoveryCodes: CODES } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    await renderConsole('#/account');
    expect((await screen.findByRole('alert')).textContent).toContain('Few recovery codes are left');
    expect(screen.getByText('Unused recovery codes left: 2.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(api.calls.some((call) => call.path === '/me/recovery-codes')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(api.calls.find((call) => call.path === '/me/recovery-codes')!.headers['x-console-csrf']).toBe(
      'csrf-token-1',
    );
    await screen.findByText('Unused recovery codes left: 10.');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.queryByText(CODES[0]!)).toBeNull();
  });

  it('shows no warning while enough codes are left', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('gate', { totpEnabled: true, recoveryCodesLeft: 8 }) },
    });
    await renderConsole('#/account');
    await screen.findByText('Unused recovery codes left: 8.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no recovery codes section when no second factor is enrolled', async () => {
    fakeConsoleApi({ 'GET /session': { status: 200, body: sessionOf('gate') } });
    await renderConsole('#/account');
    await screen.findByRole('button', { name: 'End my other sessions' });
    expect(screen.queryByRole('button', { name: 'New recovery codes' })).toBeNull();
  });
});
