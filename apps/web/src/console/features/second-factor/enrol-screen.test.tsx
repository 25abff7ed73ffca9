import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const URI = 'otpauth://totp/Kippu:admin%40example.com?secret=LAY3FA7YBH7XWIIJMDD2TNIQ5RHUOOW6&issuer=Kippu';

describe('second-factor enrolment', () => {
  it('shows the QR code and the key once, confirms a code, then the recovery codes, then the console', async () => {
    let enrolled = false;
    const api = fakeConsoleApi({
      'GET /session': () => ({
        status: 200,
        body: sessionOf('administrator', { secondFactor: enrolled ? 'done' : 'enrolment-needed' }),
      }),
      'POST /me/totp': { status: 200, body: { secret: 'LAY3FA7YBH7XWIIJMDD2TNIQ5RHUOOW6', otpauthUri: URI } },
      'PUT /me/totp': () => {
        enrolled = true;
        return { status: 200, body: { recoveryCodes: ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'] } };
      },
      'GET /dashboard': { status: 404, body: { error: 'record not found' } },
    });
    const user = userEvent.setup();
    await renderConsole('#/');

    const qr = await screen.findByAltText('QR code to add Kippu to an authenticator app');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('LAY3FA7YBH7XWIIJMDD2TNIQ5RHUOOW6')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    expect(screen.getByText('aaaa-bbbb-cccc')).toBeTruthy();
    expect(api.calls.filter((call) => call.path === '/me/totp').map((call) => call.method)).toEqual([
      'POST',
      'PUT',
    ]);
    // Only one secret was made: a second start would have replaced the one on the screen.
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await screen.findByRole('navigation', { name: 'Console menu' });
  });
});
