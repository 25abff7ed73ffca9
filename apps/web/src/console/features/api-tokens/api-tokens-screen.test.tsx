import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expect-no-axe-violations.ts';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { apiTokenFixture } from './api-token-fixtures.ts';

// Each screen loads its chunk and texts first: on a busy machine (two cores shared by many runs) that has
// taken longer than the setup's 8 s, which is about load, not about the screen.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const TOKEN = 'kpt_zz99yy88_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

describe('API tokens screen', () => {
  it(
    'lists the tokens and checks a new one before asking for the password',
    { timeout: 120_000 },
    async () => {
      let reauthenticated = false;
      let tokens = [apiTokenFixture()];
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /api-tokens': () => ({ status: 200, body: { tokens } }),
        'POST /api-tokens': (call) => {
          if (!reauthenticated) return { status: 401, body: { error: 'console reauthentication required' } };
          const body = call.body as { name: string };
          const record = apiTokenFixture({ id: 32, name: body.name, prefix: 'zz99yy88' });
          tokens = [record, ...tokens];
          return { status: 200, body: { record, token: TOKEN } };
        },
        'POST /session/reauthenticate': () => {
          reauthenticated = true;
          return { status: 200, body: { reauthenticatedUntil: '2026-11-28T01:05:00Z' } };
        },
        'GET /webhooks': { status: 200, body: { webhooks: [] } },
      });
      const user = userEvent.setup({ delay: null });
      const { container } = await renderConsole('#/api-tokens');
      const table = await screen.findByRole('table', { name: 'Tokens' });
      const [, first] = within(table).getAllByRole('row');
      expect(first!.textContent).toContain('kpt_ab12cd34_…');
      expect(first!.textContent).toContain('Orders: Read');
      expect(first!.textContent).toContain('Mori');
      expect(first!.textContent).toContain('Never');
      expect(first!.textContent).toContain('Demo owner');

      await user.click(screen.getByRole('button', { name: 'New token' }));
      await user.click(screen.getByRole('button', { name: 'Create the token' }));
      expect(screen.getByText('Give the token a name (100 characters at most).')).toBeTruthy();
      expect(screen.getByText('Give the token at least one area.')).toBeTruthy();
      // The owner covers two sites, not every site: "every site" is not offered, and one must be ticked.
      expect(screen.queryByLabelText('Every site, including sites added later')).toBeNull();
      expect(screen.getByText('Tick at least one site.')).toBeTruthy();
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
      await expectNoAxeViolations(container);

      await user.type(screen.getByLabelText('Name'), 'Booking export');
      await user.selectOptions(screen.getByLabelText('Orders'), 'read');
      await user.click(screen.getByLabelText('Borderless'));
      const days = screen.getByLabelText('Valid for (days)');
      await user.clear(days);
      await user.type(days, '400');
      await user.click(screen.getByRole('button', { name: 'Create the token' }));
      expect(screen.getByText('Enter a whole number of days from 1 to 366.')).toBeTruthy();
      await user.clear(days);
      await user.type(days, '30');
      await user.click(screen.getByRole('button', { name: 'Create the token' }));
      await screen.findByRole('dialog', { name: 'Confirm it is you' });
    },
  );

  it(
    'creates after the password, shows the token once and never again after leaving',
    { timeout: 120_000 },
    async () => {
      let reauthenticated = false;
      let tokens = [apiTokenFixture()];
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /api-tokens': () => ({ status: 200, body: { tokens } }),
        'POST /api-tokens': (call) => {
          if (!reauthenticated) return { status: 401, body: { error: 'console reauthentication required' } };
          const body = call.body as { name: string };
          const record = apiTokenFixture({ id: 32, name: body.name, prefix: 'zz99yy88' });
          tokens = [record, ...tokens];
          return { status: 200, body: { record, token: TOKEN } };
        },
        'POST /session/reauthenticate': () => {
          reauthenticated = true;
          return { status: 200, body: { reauthenticatedUntil: '2026-11-28T01:05:00Z' } };
        },
        'GET /webhooks': { status: 200, body: { webhooks: [] } },
      });
      const user = userEvent.setup({ delay: null });
      const { container } = await renderConsole('#/api-tokens');
      await screen.findByRole('table', { name: 'Tokens' });
      await user.click(screen.getByRole('button', { name: 'New token' }));
      await user.type(screen.getByLabelText('Name'), 'Booking export');
      await user.selectOptions(screen.getByLabelText('Orders'), 'read');
      await user.click(screen.getByLabelText('Borderless'));
      const days = screen.getByLabelText('Valid for (days)');
      await user.clear(days);
      await user.type(days, '30');
      await user.click(screen.getByRole('button', { name: 'Create the token' }));

      const password = await screen.findByRole('dialog', { name: 'Confirm it is you' });
      await user.type(within(password).getByLabelText('Password'), 'owner password');
      await user.click(within(password).getByRole('button', { name: 'Confirm' }));
      const panel = await screen.findByRole('region', { name: 'The new token "Booking export"' });
      expect(within(panel).getByText(TOKEN)).toBeTruthy();
      expect(panel.textContent).toContain('you will not see it again');
      const posts = api.calls.filter((call) => call.method === 'POST' && call.path === '/api-tokens');
      expect(posts).toHaveLength(2);
      expect(posts[1]!.body).toEqual({
        name: 'Booking export',
        permissions: {
          catalogue: 'none',
          schedule: 'none',
          orders: 'read',
          refunds: 'none',
          checkIn: 'none',
          reports: 'none',
          settings: 'none',
          staff: 'none',
          integrations: 'none',
        },
        site_codes: ['BORDERLESS'],
        expires_in_days: 30,
      });
      await expectNoAxeViolations(container);

      // Another screen and back: the token is gone for good.
      window.location.hash = '#/webhooks';
      await screen.findByText('No webhooks yet.');
      window.location.hash = '#/api-tokens';
      await screen.findByRole('table', { name: 'Tokens' });
      expect(document.body.textContent).not.toContain(TOKEN);
      expect(document.body.textContent).toContain('Booking export');
    },
  );

  it('asks before revoking, and revokes only when confirmed', { timeout: 120_000 }, async () => {
    let tokens = [apiTokenFixture()];
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /api-tokens': () => ({ status: 200, body: { tokens } }),
      'DELETE /api-tokens/31': () => {
        tokens = [apiTokenFixture({ state: 'revoked', revoked_at: '2026-11-28T05:00:00.000Z' })];
        return { status: 200, body: { record: tokens[0] } };
      },
    });
    const user = userEvent.setup({ delay: null });
    await renderConsole('#/api-tokens');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const revoke = await screen.findByRole('button', { name: 'Revoke the token Ticket desk export' });
    await user.click(revoke);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('This cannot be undone'));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(revoke);
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Revoke the token Ticket desk export' })).toBeNull();
  });

  it(
    "shows one partner's tokens and makes a new one with the partner's default scope",
    { timeout: 120_000 },
    async () => {
      const partnerToken = apiTokenFixture({
        id: 40,
        name: 'Travel A live',
        partner_id: 12,
        partner_name: 'Travel A',
      });
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner', { allSites: true }) },
        'GET /api-tokens': { status: 200, body: { tokens: [apiTokenFixture(), partnerToken] } },
        'GET /partners/12': {
          status: 200,
          body: {
            partner: {
              id: 12,
              name: 'Travel A',
              contact_name: '',
              contact_email: '',
              mails_customers: true,
              active: true,
              created_at: '2026-11-01T00:00:00.000Z',
              updated_at: '2026-11-01T00:00:00.000Z',
              net_prices: [],
            },
            tokens: [partnerToken],
            ticket_types: [],
          },
        },
        'POST /api-tokens': { status: 200, body: { record: partnerToken, token: TOKEN } },
      });
      const user = userEvent.setup({ delay: null });
      await renderConsole('#/api-tokens?partner=12&new=1');
      await screen.findByRole('heading', { name: 'API tokens of Travel A' });
      const table = await screen.findByRole('table', { name: 'Tokens' });
      expect(within(table).getAllByRole('row')).toHaveLength(2);
      expect(table.textContent).toContain('Travel A live');
      expect((screen.getByLabelText('Catalogue') as HTMLSelectElement).value).toBe('read');
      expect((screen.getByLabelText('Orders') as HTMLSelectElement).value).toBe('write');
      await user.type(screen.getByLabelText('Name'), 'Travel A test');
      await user.click(screen.getByRole('button', { name: 'Create the token' }));
      await screen.findByText(TOKEN);
      expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        name: 'Travel A test',
        partner_id: 12,
        site_codes: null,
        permissions: { catalogue: 'read', orders: 'write' },
      });
    },
  );
});
