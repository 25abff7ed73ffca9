import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { fakeApi, serverError } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { languages } from '../../../test/site-settings-fixture.ts';
import TicketSendScreen from './ticket-send-screen.tsx';

const TOKEN = 'holder-token-1';

const renderSend = () => {
  useCoreStore.setState({ languages });
  return renderRoutes(
    [{ path: '/tickets/send/:reservationToken', element: <TicketSendScreen /> }],
    `/tickets/send/${TOKEN}`,
  );
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the send screen', () => {
  it('sends the link to the address in the chosen language', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      [`POST tickets/send/${TOKEN}`]: { status: 202, body: { email: 'friend@example.com' } },
    });
    await renderSend();
    const language = screen.getByLabelText(/^Language of the email/);
    // The site's languages by display position, the page's own chosen first.
    expect((language as HTMLSelectElement).value).toBe('en');
    expect([...(language as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      '日本語',
      'English',
      'ไทย',
    ]);
    await user.type(screen.getByLabelText(/Email address/), ' friend@example.com ');
    await user.selectOptions(language, 'ja');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('The link has been sent to friend@example.com.')).toBeTruthy();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.body).toEqual({ email: 'friend@example.com', lang: 'ja' });
  });

  it('checks the address before sending', async () => {
    const user = userEvent.setup();
    const server = fakeApi({});
    await renderSend();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const input = screen.getByLabelText(/Email address/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The message names the field.
    expect(screen.getByText('Email address is required.')).toBeTruthy();
    await user.type(input, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('too many sends: the rate-limit dialog, nothing said to be sent', async () => {
    const user = userEvent.setup();
    fakeApi({ [`POST tickets/send/${TOKEN}`]: serverError('too_many_requests') });
    await renderSend();
    await user.type(screen.getByLabelText(/Email address/), 'friend@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe('error_dialog_too_many_requests_title'),
    );
    expect(screen.queryByText(/has been sent/)).toBeNull();
  });
});
