import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ticketShareOptionsResponseSchema,
  type TicketShareOptionsResponse,
} from '@kippu/contract/endpoints/ticket-share';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { created, fakeApi, ok, serverError } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import TicketShareScreen from './ticket-share-screen.tsx';

const TOKEN = 'holder-token-1';

/** Two adults (ticket type 11) and a child (12); `shares` made earlier. */
function options(shares: TicketShareOptionsResponse['shares'] = []): TicketShareOptionsResponse {
  return ticketShareOptionsResponseSchema.parse({
    ticket_types: [
      { option_value_id: 11, name: 'Adult', count: 2 },
      { option_value_id: 12, name: 'Child', count: 1 },
    ],
    ticket_count: 3,
    shares,
  });
}

const renderShare = () =>
  renderRoutes(
    [{ path: '/tickets/share/:reservationToken', element: <TicketShareScreen /> }],
    `/tickets/share/${TOKEN}`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useTicketStore.getState().set({ shareToken: null });
});

describe('the share screen', () => {
  it('keeps the link it created across a reload (ticket state shareToken, issue 32 item 14)', async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET tickets/share/${TOKEN}`]: ok(options([{ share_token: 'share-token-1', ticket_count: 1 }])),
      [`POST tickets/share/${TOKEN}`]: created({ share_token: 'share-token-9', ticket_count: 1 }),
    });
    const first = await renderShare();
    await user.selectOptions(await screen.findByLabelText(/^Adult/), '1');
    await user.click(screen.getByRole('button', { name: 'Create a link' }));
    await screen.findByText('Link created. Send it in a message, or let them scan the QR code.');
    expect(useTicketStore.getState().shareToken).toBe('share-token-9');
    first.unmount();

    // The reload: the server now lists the new share among the earlier ones; the screen shows it as created.
    fakeApi({
      [`GET tickets/share/${TOKEN}`]: ok(
        options([
          { share_token: 'share-token-1', ticket_count: 1 },
          { share_token: 'share-token-9', ticket_count: 1 },
        ]),
      ),
    });
    await renderShare();
    await screen.findByText('Link created. Send it in a message, or let them scan the QR code.');
    const createdLink = screen.getAllByRole('region', { name: /Shared link/ })[0]!;
    expect(within(createdLink).getByRole<HTMLInputElement>('textbox', { name: 'Shared link' }).value).toMatch(
      /share-token-9\?lang=en$/,
    );
    expect(screen.getByRole('heading', { name: 'Links you created earlier' })).toBeTruthy();
  });

  it('splits the chosen tickets off and shows the link with a copy button and its QR code', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const server = fakeApi({
      [`GET tickets/share/${TOKEN}`]: ok(options()),
      [`POST tickets/share/${TOKEN}`]: created({ share_token: 'share-token-9', ticket_count: 2 }),
    });
    await renderShare();
    await user.selectOptions(await screen.findByLabelText(/^Adult/), '1');
    await user.selectOptions(screen.getByLabelText(/^Child/), '1');
    await user.click(screen.getByRole('button', { name: 'Create a link' }));

    expect(
      await screen.findByText('Link created. Send it in a message, or let them scan the QR code.'),
    ).toBeTruthy();
    const post = server.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      tickets: [
        { option_value_id: 11, count: 1 },
        { option_value_id: 12, count: 1 },
      ],
    });
    const link = screen.getByRole('region', { name: /Shared link/ });
    expect(within(link).getByText('Tickets: 2')).toBeTruthy();
    const url = within(link).getByRole<HTMLInputElement>('textbox', { name: 'Shared link' }).value;
    expect(url).toMatch(/#\/tickets\/shared\/share-token-9\?lang=en$/);
    await waitFor(() =>
      expect(within(link).getByRole('img', { name: 'QR code of the shared link' }).tagName).toBe('IMG'),
    );

    await user.click(within(link).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(within(link).getByRole('status').textContent).toBe('Link copied');
  });

  it('keeps one ticket with the holder: no choice gives every ticket away (issue 32)', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ [`GET tickets/share/${TOKEN}`]: ok(options()) });
    await renderShare();
    const offered = (label: RegExp) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    await screen.findByLabelText(/^Adult/);
    // Three tickets: two may go, whichever types they are.
    expect(offered(/^Adult/)).toEqual(['0', '1', '2']);
    expect(offered(/^Child/)).toEqual(['0', '1']);
    await user.selectOptions(screen.getByLabelText(/^Adult/), '2');
    expect(offered(/^Child/)).toEqual(['0']);
    await user.selectOptions(screen.getByLabelText(/^Adult/), '1');
    expect(offered(/^Child/)).toEqual(['0', '1']);
    await user.selectOptions(screen.getByLabelText(/^Child/), '1');
    expect(offered(/^Adult/)).toEqual(['0', '1']);
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('of a 2-ticket reservation offers at most one ticket', async () => {
    fakeApi({
      [`GET tickets/share/${TOKEN}`]: ok({
        ticket_types: [{ option_value_id: 11, name: 'Adult', count: 2 }],
        ticket_count: 2,
        shares: [],
      }),
    });
    await renderShare();
    const select = await screen.findByLabelText(/^Adult/);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1']);
    expect(screen.getByText('Up to 1')).toBeTruthy();
  });

  it('the create-link button says it is unavailable, and why, until a ticket is chosen', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      [`GET tickets/share/${TOKEN}`]: ok(options()),
      [`POST tickets/share/${TOKEN}`]: created({ share_token: 'share-token-9', ticket_count: 1 }),
    });
    await renderShare();
    const button = await screen.findByRole('button', { name: 'Create a link' });
    // Still in the tab order (not the disabled attribute), announced as unavailable, with its reason.
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Choose at least one ticket to share.',
    );
    await user.click(button);
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText(/^Child/), '1');
    expect(button.getAttribute('aria-disabled')).toBe('false');
    expect(button.getAttribute('aria-describedby')).toBeNull();
    await user.click(button);
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
  });

  it('a refusal from the server shows its dialog and no link', async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET tickets/share/${TOKEN}`]: ok(options()),
      [`POST tickets/share/${TOKEN}`]: serverError('cannot_split_ticket'),
    });
    await renderShare();
    await user.selectOptions(await screen.findByLabelText(/^Adult/), '1');
    await user.click(screen.getByRole('button', { name: 'Create a link' }));
    await waitFor(() =>
      expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe('error_dialog_cannot_split_ticket_title'),
    );
    expect(screen.queryByRole('region', { name: /Shared link/ })).toBeNull();
  });

  it('lists links made before, and says so when nothing can be shared', async () => {
    fakeApi({
      [`GET tickets/share/${TOKEN}`]: ok({
        ticket_types: [{ option_value_id: 11, name: 'Adult', count: 1 }],
        ticket_count: 1,
        shares: [{ share_token: 'earlier-token', ticket_count: 1 }],
      }),
    });
    await renderShare();
    expect(await screen.findByText('There are no tickets left that can be shared.')).toBeTruthy();
    const earlier = screen.getByRole('region', { name: 'Links you created earlier' });
    expect(within(earlier).getByRole<HTMLInputElement>('textbox').value).toMatch(
      /#\/tickets\/shared\/earlier-token\?lang=en$/,
    );
    expect(screen.queryByRole('button', { name: 'Create a link' })).toBeNull();
  });

  it('an unknown reservation: its own message, no dialog', async () => {
    fakeApi({ [`GET tickets/share/${TOKEN}`]: serverError('ticket_not_found') });
    await renderShare();
    expect(
      await screen.findByText(
        'These tickets cannot be shared. Please check the link in your confirmation email.',
      ),
    ).toBeTruthy();
    expect(useDialogStore.getState().dialogs).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back to my tickets' }).getAttribute('href')).toBe(
      `/id/${TOKEN}`,
    );
  });
});
