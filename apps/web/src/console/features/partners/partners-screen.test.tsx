import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expect-no-axe-violations.ts';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { partnerDetailFixture } from './partner-fixtures.ts';

// Each screen loads its chunk and texts first: on a busy machine (two cores shared by many runs) that has
// taken longer than the setup's 8 s, which is about load, not about the screen.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

describe('partners screen', () => {
  it('checks a new partner and opens it once made', { timeout: 120_000 }, async () => {
    const made = partnerDetailFixture({ id: 13, name: 'Travel B', net_prices: [] });
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /partners': { status: 200, body: { partners: [partnerDetailFixture().partner] } },
      'POST /partners': { status: 200, body: made },
      'GET /partners/13': { status: 200, body: made },
    });
    const user = userEvent.setup({ delay: null });
    const { container } = await renderConsole('#/partners');
    const table = await screen.findByRole('table', { name: "The organisation's partners" });
    expect(table.textContent).toContain('Travel A');
    expect(table.textContent).toContain('aiko@travel-a.example');
    await user.click(screen.getByRole('button', { name: 'New partner' }));
    await user.type(screen.getByLabelText('Contact e-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Create the partner' }));
    expect(screen.getByText("Enter the partner's name (200 characters at most).")).toBeTruthy();
    expect(screen.getByText(/Enter an e-mail address such as/)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    await expectNoAxeViolations(container);

    await user.type(screen.getByLabelText('Name'), 'Travel B');
    await user.clear(screen.getByLabelText('Contact e-mail address'));
    await user.click(screen.getByLabelText("Kippu mails the partner's customers their tickets"));
    await user.click(screen.getByRole('button', { name: 'Create the partner' }));
    await screen.findByRole('heading', { name: 'Travel B', level: 1 });
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Travel B',
      contact_name: '',
      contact_email: '',
      mails_customers: false,
      active: true,
      net_prices: [],
    });
  });
});

describe('one partner', () => {
  it(
    'checks net prices above ¥0, saves them with the version read, and links its bookings',
    { timeout: 120_000 },
    async () => {
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /partners/12': { status: 200, body: partnerDetailFixture() },
        'PUT /partners/12': (call) => ({
          status: 200,
          body: partnerDetailFixture({
            updated_at: '2026-11-28T06:00:00.000Z',
            net_prices: partnerDetailFixture().ticket_types.flatMap((type) => {
              const sent = (
                call.body as { net_prices: { ticket_type_id: number; net_price_yen: number }[] }
              ).net_prices.find((price) => price.ticket_type_id === type.ticket_type_id);
              return sent ? [{ ...type, net_price_yen: sent.net_price_yen }] : [];
            }),
          }),
        }),
      });
      const user = userEvent.setup({ delay: null });
      const { container } = await renderConsole('#/partners/12');
      await screen.findByRole('heading', { name: 'Travel A', level: 1 });
      // The page's head shows before its form (a loaded machine drew them apart in CI): wait for the form.
      const adult = (await screen.findByLabelText('Net price of Adult (Forest walk)')) as HTMLInputElement;
      const child = screen.getByLabelText('Net price of Child (Forest walk)') as HTMLInputElement;
      expect(adult.value).toBe('2800');
      expect(child.value).toBe('');
      expect(screen.getByText('¥3,200')).toBeTruthy();
      await expectNoAxeViolations(container);

      await user.type(child, '0');
      await user.clear(adult);
      await user.type(adult, '2,5');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getAllByText('A whole number of yen above 0, or empty.')).toHaveLength(2);
      expect(child.getAttribute('aria-invalid')).toBe('true');
      expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

      await user.clear(child);
      await user.type(child, '1400');
      await user.clear(adult);
      await user.type(adult, '2500');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Saved.')).toBeTruthy();
      const put = api.calls.find((call) => call.method === 'PUT')?.body as { net_prices: unknown[] };
      expect(put).toMatchObject({
        name: 'Travel A',
        mails_customers: true,
        active: true,
        expected_updated_at: '2026-11-20T00:00:00.000Z',
      });
      expect(put.net_prices).toEqual(
        expect.arrayContaining([
          { ticket_type_id: 101, net_price_yen: 2500 },
          { ticket_type_id: 102, net_price_yen: 1400 },
        ]),
      );
      expect(put.net_prices).toHaveLength(2);

      expect(screen.getByRole('link', { name: 'Partner bookings at Mori' }).getAttribute('href')).toBe(
        '#/sites/MORI/orders?channel=OTA&partner=12',
      );
      expect(screen.getByRole('link', { name: 'New token for this partner' }).getAttribute('href')).toBe(
        '#/api-tokens?partner=12&new=1',
      );
    },
  );

  it(
    "asks before revoking a partner's token, and offers the saved version after a conflict",
    { timeout: 120_000 },
    async () => {
      let revoked = false;
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('owner') },
        'GET /partners/12': () => {
          const detail = partnerDetailFixture();
          if (revoked)
            detail.tokens[0] = {
              ...detail.tokens[0]!,
              state: 'revoked',
              revoked_at: '2026-11-28T06:00:00.000Z',
            };
          return { status: 200, body: detail };
        },
        'DELETE /api-tokens/40': () => {
          revoked = true;
          return { status: 200, body: { record: partnerDetailFixture().tokens[0] } };
        },
        'PUT /partners/12': { status: 409, body: { error: 'console edit conflict' } },
      });
      const user = userEvent.setup({ delay: null });
      await renderConsole('#/partners/12');
      const tokens = await screen.findByRole('table', { name: 'API tokens of the partner' });
      const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      const revoke = within(tokens).getByRole('button', { name: 'Revoke the token Travel A live' });
      await user.click(revoke);
      expect(confirm.mock.calls[0]![0]).toContain('cannot be undone');
      expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
      await user.click(revoke);
      await within(tokens).findByText(/^Revoked /);
      expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: 'Save' }));
      await user.click(await screen.findByRole('button', { name: 'Load the saved version' }));
      await vi.waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Load the saved version' })).toBeNull(),
      );
    },
  );

  it('shows a reader the partner without saving or revoking', { timeout: 120_000 }, async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('administrator') },
      'GET /partners/12': { status: 200, body: partnerDetailFixture() },
    });
    await renderConsole('#/partners/12');
    await screen.findByRole('heading', { name: 'Travel A', level: 1 });
    const adult = (await screen.findByLabelText('Net price of Adult (Forest walk)')) as HTMLInputElement;
    expect(adult.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });
});
