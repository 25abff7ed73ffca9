import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expect-no-axe-violations.ts';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { deliveryFixture, webhookFixture } from './webhook-fixtures.ts';

// Each screen loads its chunk and texts first: on a busy machine (two cores shared by many runs) that has
// taken longer than the setup's 8 s, which is about load, not about the screen.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const SECRET = 'whsec_T0pSecretValueThatIsShownOnce';

describe('webhooks screen', () => {
  it(
    'lists the subscriptions with their state and checks a new one before sending it',
    { timeout: 120_000 },
    async () => {
      let reauthenticated = false;
      const created = webhookFixture({
        id: 6,
        url: 'https://crm.example.com/in',
        description: '',
        event_types: ['reservation.created'],
        site_codes: ['MORI'],
      });
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /webhooks': {
          status: 200,
          body: {
            webhooks: [
              webhookFixture({
                enabled: false,
                disabled_reason: 'gone',
                disabled_at: '2026-11-27T03:00:00.000Z',
              }),
            ],
          },
        },
        'POST /webhooks': () =>
          reauthenticated
            ? { status: 200, body: { webhook: created, secret: SECRET } }
            : { status: 401, body: { error: 'console reauthentication required' } },
        'POST /session/reauthenticate': () => {
          reauthenticated = true;
          return { status: 200, body: { reauthenticatedUntil: '2026-11-28T01:05:00Z' } };
        },
        'GET /webhooks/6': { status: 200, body: created },
        'GET /webhooks/6/deliveries': { status: 200, body: { deliveries: [], next_cursor: null } },
      });
      const user = userEvent.setup({ delay: null });
      const { container } = await renderConsole('#/webhooks');
      const table = await screen.findByRole('table', { name: 'Webhook subscriptions' });
      // Off, with why: the receiver's 410.
      expect(table.textContent).toContain('Off: the receiver answered 410 Gone');
      expect(table.textContent).toContain('Reservation made, Ticket checked in');
      expect(table.textContent).toContain('All sites');

      await user.click(screen.getByRole('button', { name: 'New webhook' }));
      await user.click(screen.getByRole('button', { name: 'Create the webhook' }));
      expect(screen.getByText('Enter a full http:// or https:// address.')).toBeTruthy();
      expect(screen.getByText('Choose at least one event.')).toBeTruthy();
      expect(screen.getByLabelText('Address (URL)').getAttribute('aria-invalid')).toBe('true');
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
      await expectNoAxeViolations(container);
    },
  );

  it(
    'creates after the password, shows the secret once and never again after leaving',
    { timeout: 120_000 },
    async () => {
      let reauthenticated = false;
      const created = webhookFixture({
        id: 6,
        url: 'https://crm.example.com/in',
        description: '',
        event_types: ['reservation.created'],
        site_codes: ['MORI'],
      });
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /webhooks': {
          status: 200,
          body: {
            webhooks: [
              webhookFixture({
                enabled: false,
                disabled_reason: 'gone',
                disabled_at: '2026-11-27T03:00:00.000Z',
              }),
            ],
          },
        },
        'POST /webhooks': () =>
          reauthenticated
            ? { status: 200, body: { webhook: created, secret: SECRET } }
            : { status: 401, body: { error: 'console reauthentication required' } },
        'POST /session/reauthenticate': () => {
          reauthenticated = true;
          return { status: 200, body: { reauthenticatedUntil: '2026-11-28T01:05:00Z' } };
        },
        'GET /webhooks/6': { status: 200, body: created },
        'GET /webhooks/6/deliveries': { status: 200, body: { deliveries: [], next_cursor: null } },
      });
      const user = userEvent.setup({ delay: null });
      const { container } = await renderConsole('#/webhooks');
      await screen.findByRole('table', { name: 'Webhook subscriptions' });
      await user.click(screen.getByRole('button', { name: 'New webhook' }));
      await user.type(screen.getByLabelText('Address (URL)'), 'https://crm.example.com/in');
      await user.click(screen.getByLabelText(/Reservation made/));
      await user.click(screen.getByLabelText('Only these sites:'));
      await user.click(screen.getByRole('button', { name: 'Create the webhook' }));
      expect(screen.getByText('Tick at least one site, or choose every site.')).toBeTruthy();
      await user.click(screen.getByLabelText('Mori'));
      await user.click(screen.getByRole('button', { name: 'Create the webhook' }));

      const password = await screen.findByRole('dialog', { name: 'Confirm it is you' });
      await user.type(within(password).getByLabelText('Password'), 'owner password');
      await user.click(within(password).getByRole('button', { name: 'Confirm' }));

      const panel = await screen.findByRole('region', {
        name: 'Signing secret of https://crm.example.com/in',
      });
      expect(within(panel).getByText(SECRET)).toBeTruthy();
      expect(panel.textContent).toContain('you will not see it again');
      const posts = api.calls.filter((call) => call.method === 'POST' && call.path === '/webhooks');
      expect(posts).toHaveLength(2);
      expect(posts[1]!.body).toEqual({
        url: 'https://crm.example.com/in',
        description: '',
        event_types: ['reservation.created'],
        site_codes: ['MORI'],
        enabled: true,
      });
      await expectNoAxeViolations(container);

      // Leave for the new subscription's screen and come back: the secret is gone for good.
      await user.click(screen.getByRole('link', { name: 'Open the new webhook and send a test ping' }));
      await screen.findByRole('heading', { name: 'Webhook: https://crm.example.com/in' });
      expect(document.body.textContent).not.toContain(SECRET);
      await user.click(screen.getByRole('link', { name: 'All webhooks' }));
      await screen.findByRole('table', { name: 'Webhook subscriptions' });
      expect(document.body.textContent).not.toContain(SECRET);
    },
  );

  it(
    'shows a refused address through the one error body, and lets a reader look without writing',
    { timeout: 120_000 },
    async () => {
      fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /webhooks': { status: 200, body: { webhooks: [] } },
        'POST /webhooks': { status: 400, body: { error: 'webhook target refused' } },
      });
      const user = userEvent.setup({ delay: null });
      await renderConsole('#/webhooks');
      await screen.findByText('No webhooks yet.');
      await user.click(screen.getByRole('button', { name: 'New webhook' }));
      await user.type(screen.getByLabelText('Address (URL)'), 'http://10.0.0.8/hook');
      await user.click(screen.getByLabelText(/Ticket checked in/));
      await user.click(screen.getByRole('button', { name: 'Create the webhook' }));
      expect((await screen.findByRole('alert')).textContent).toContain(
        'webhooks may not go to private, local or link-local networks',
      );
    },
  );

  it(
    'shows an administrator (integrations read) the list without the new button',
    { timeout: 120_000 },
    async () => {
      fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('administrator') },
        'GET /webhooks': { status: 200, body: { webhooks: [webhookFixture()] } },
      });
      await renderConsole('#/webhooks');
      await screen.findByRole('table', { name: 'Webhook subscriptions' });
      expect(screen.queryByRole('button', { name: 'New webhook' })).toBeNull();
    },
  );
});

describe('one webhook', () => {
  it(
    'shows the delivery log, sends one again, pings, and rotates the secret with a grace period',
    { timeout: 120_000 },
    async () => {
      let deliveries = [
        deliveryFixture({
          id: 92,
          event_id: 'evt_0002',
          event_type: 'ticket.checked_in',
          status: 'pending',
          attempts: [
            {
              number: 1,
              at: '2026-11-28T03:00:00.000Z',
              status_code: null,
              duration_ms: 10_000,
              error: 'timeout',
              response_excerpt: null,
              manual: false,
            },
          ],
          next_attempt_at: '2026-11-28T03:05:00.000Z',
        }),
        deliveryFixture(),
      ];
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /webhooks/5': { status: 200, body: webhookFixture({ consecutive_failures: 1 }) },
        'GET /webhooks/5/deliveries': () => ({ status: 200, body: { deliveries, next_cursor: null } }),
        'POST /webhooks/5/deliveries/91/redelivery': () => {
          deliveries = [deliveryFixture({ id: 93, event_id: 'evt_0001' }), ...deliveries];
          return { status: 200, body: deliveries[0] };
        },
        'POST /webhooks/5/ping': {
          status: 200,
          body: deliveryFixture({ id: 94, event_type: 'ping', status: 'pending', attempts: [] }),
        },
        'POST /webhooks/5/secret': {
          status: 200,
          body: {
            webhook: webhookFixture({ previous_secret_expires_at: '2026-12-01T03:00:00.000Z' }),
            secret: SECRET,
          },
        },
      });
      const user = userEvent.setup({ delay: null });
      const { container } = await renderConsole('#/webhooks/5');
      const log = await screen.findByRole('table', { name: 'Delivery log' });
      const [, pending, delivered] = within(log).getAllByRole('row');
      expect(pending!.textContent).toContain('Ticket checked in');
      expect(pending!.textContent).toContain('Waiting');
      expect(pending!.textContent).toContain('No answer in time');
      expect(pending!.textContent).toContain('10,000 ms');
      expect(delivered!.textContent).toContain('Delivered');
      expect(delivered!.textContent).toContain('HTTP 200');
      expect(delivered!.textContent).toContain('{"ok":true}');
      expect(delivered!.textContent).toContain('All 3 attempts');
      expect(within(delivered!).getAllByRole('cell')[3]!.textContent).toBe('3');
      expect(screen.getByText(/1 failed in a row/)).toBeTruthy();
      await expectNoAxeViolations(container);

      await user.click(
        within(delivered!).getByRole('button', { name: /^Send Reservation made of .* again$/ }),
      );
      expect(await screen.findByText('Sent again: the new attempt appears in the log.')).toBeTruthy();
      expect(api.calls.some((call) => call.path === '/webhooks/5/deliveries/91/redelivery')).toBe(true);
      await vi.waitFor(() =>
        expect(within(screen.getByRole('table', { name: 'Delivery log' })).getAllByRole('row')).toHaveLength(
          4,
        ),
      );

      await user.click(screen.getByRole('button', { name: 'Send a test ping' }));
      expect(await screen.findByText(/A test ping is on its way/)).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'New signing secret' }));
      const dialog = screen.getByRole('dialog', { name: 'Replace the signing secret' });
      expect(dialog.textContent).toContain('two signatures');
      await user.selectOptions(within(dialog).getByLabelText('The previous secret keeps signing for'), '72');
      await user.click(within(dialog).getByRole('button', { name: 'Make a new secret' }));
      const panel = await screen.findByRole('region', { name: 'The new signing secret' });
      expect(within(panel).getByText(SECRET)).toBeTruthy();
      expect(api.calls.find((call) => call.path === '/webhooks/5/secret')?.body).toEqual({ grace_hours: 72 });
      expect(screen.getAllByText(/The previous secret also signs until/).length).toBeGreaterThan(0);
      await user.click(within(panel).getByRole('button', { name: 'I have stored it' }));
      expect(document.body.textContent).not.toContain(SECRET);
    },
  );

  it(
    'turns a subscription off with its whole body, and deletes after a confirmation',
    { timeout: 120_000 },
    async () => {
      let saved = webhookFixture();
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /webhooks/5': () => ({ status: 200, body: saved }),
        'GET /webhooks/5/deliveries': { status: 200, body: { deliveries: [], next_cursor: null } },
        'PUT /webhooks/5': (call) => {
          saved = webhookFixture({
            ...(call.body as object),
            disabled_reason: 'staff',
            disabled_at: '2026-11-28T04:00:00.000Z',
          });
          return { status: 200, body: saved };
        },
        'DELETE /webhooks/5': { status: 200, body: { deleted: true } },
        'GET /webhooks': { status: 200, body: { webhooks: [] } },
      });
      const user = userEvent.setup({ delay: null });
      await renderConsole('#/webhooks/5');
      await user.click(await screen.findByRole('button', { name: 'Turn off' }));
      await screen.findByRole('button', { name: 'Turn on again' });
      expect(screen.getByText(/Off: turned off by staff/)).toBeTruthy();
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        url: 'https://hooks.example.com/kippu',
        description: 'Ticket desk',
        event_types: ['reservation.created', 'ticket.checked_in'],
        site_codes: null,
        enabled: false,
      });

      const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      expect(confirm).toHaveBeenCalledTimes(2);
      await screen.findByText('No webhooks yet.');
      expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    },
  );

  it('shows a reader the log without sending again', { timeout: 120_000 }, async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('administrator') },
      'GET /webhooks/5': { status: 200, body: webhookFixture() },
      'GET /webhooks/5/deliveries': {
        status: 200,
        body: { deliveries: [deliveryFixture()], next_cursor: null },
      },
    });
    await renderConsole('#/webhooks/5');
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(within(log).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'New signing secret' })).toBeNull();
  });
});
