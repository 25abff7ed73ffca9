import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf, SIGNED_OUT } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const TOKEN = 'tmypHr3A2On_N8S2DUoewSdojzb3eX2Bzk';

describe('invitation acceptance', () => {
  it("shows the invitation in the invited person's language, accepts it and signs them in", async () => {
    let accepted = false;
    const api = fakeConsoleApi({
      'GET /session': () =>
        accepted
          ? { status: 200, body: sessionOf('gate', { sites: [{ code: 'MORI', name: 'Mori' }] }) }
          : SIGNED_OUT,
      [`GET /invitations/${TOKEN}`]: {
        status: 200,
        body: {
          email: 'new-gate@example.com',
          name: 'New gate',
          lang: 'ja',
          organisationName: 'Kippu Demo',
          // Stored as created (English); the template names it in the invited person's language.
          roleName: 'Gate',
          roleTemplate: 'gate',
          existingAccount: false,
        },
      },
      [`POST /invitations/${TOKEN}`]: () => {
        accepted = true;
        return { status: 200, body: { secondFactor: 'not-required', csrfToken: 'csrf-new' } };
      },
      'GET /sites/MORI/gate-devices': { status: 200, body: { devices: [] } },
    });
    const user = userEvent.setup();
    await renderConsole(`#/invitation/${TOKEN}`, 'en');

    await screen.findByRole('heading', { name: 'コンソールに参加' });
    expect(screen.getByText(/ゲート/)).toBeTruthy();
    expect(screen.queryByText(/Gate/)).toBeNull();
    expect(screen.getByLabelText('氏名')).toHaveProperty('value', 'New gate');
    await user.type(screen.getByLabelText('新しいパスワード'), 'short');
    await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'short');
    await user.click(screen.getByRole('button', { name: 'アカウントを作成' }));
    expect(await screen.findByText('パスワードは15〜128文字にしてください。')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('新しいパスワード'));
    await user.clear(screen.getByLabelText('新しいパスワード（確認）'));
    await user.type(screen.getByLabelText('新しいパスワード'), 'a quiet river under maple trees');
    await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'a quiet river under maple trees');
    await user.click(screen.getByRole('button', { name: 'アカウントを作成' }));

    const menu = await screen.findByRole('navigation', { name: 'コンソールメニュー' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['ゲート端末']);
    const accept = api.calls.find((call) => call.method === 'POST')!;
    expect(accept.body).toEqual({ name: 'New gate', password: 'a quiet river under maple trees' });
  });

  it('says so when the link has expired', async () => {
    fakeConsoleApi({
      'GET /session': SIGNED_OUT,
      [`GET /invitations/${TOKEN}`]: { status: 410, body: { error: 'console link expired' } },
    });
    await renderConsole(`#/invitation/${TOKEN}`, 'en');
    expect((await screen.findByRole('alert')).textContent).toContain('This link has expired');
  });
});
