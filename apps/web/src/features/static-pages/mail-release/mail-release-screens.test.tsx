import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailMagazineSubscriptionSchema } from '@kippu/contract/endpoints/mail-magazines';
import { fakeApi, ok, serverError, type SeenCall } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import MailReleaseCompletionScreen from '../screens/mail-release-completion-screen.tsx';
import MailReleaseScreen from '../screens/mail-release-screen.tsx';

const TOKEN = 'mail-token-7';
const ROUTES = [
  { path: '/mail-release/:mailToken', element: <MailReleaseScreen /> },
  { path: '/mail-release-completion', element: <MailReleaseCompletionScreen /> },
  { path: '/', element: <h1>Order page</h1> },
];

const subscription = (mail_magazine: boolean, teamlab_mail_magazine: boolean) =>
  ok(mailMagazineSubscriptionSchema.parse({ mail_magazine, teamlab_mail_magazine }));

/** The server as the visitor meets it: GET answers `state`, each PUT switches one field off or refuses. */
function magazineServer(state: { mail_magazine: boolean; teamlab_mail_magazine: boolean }) {
  return fakeApi({
    [`GET mailmagazines/${TOKEN}`]: () => subscription(state.mail_magazine, state.teamlab_mail_magazine),
    [`PUT mailmagazines/${TOKEN}`]: ({ body }: SeenCall) => {
      const field = (body as { field_name: keyof typeof state }).field_name;
      if (!state[field]) return serverError('mail_magazine_already_unsubscribed');
      state[field] = false;
      return subscription(state.mail_magazine, state.teamlab_mail_magazine);
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the mail-magazine release', () => {
  it('lists the magazines still on, all ticked; unsubscribing stops them and shows the completion page', async () => {
    const api = magazineServer({ mail_magazine: true, teamlab_mail_magazine: true });
    const { router } = await renderRoutes(ROUTES, `/mail-release/${TOKEN}`);
    const news = await screen.findByRole('checkbox', { name: 'News and special offers' });
    const other = screen.getByRole('checkbox', { name: 'News about other exhibitions by the organiser' });
    expect([news, other].map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mail-release-completion');
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { field_name: 'mail_magazine' },
      { field_name: 'teamlab_mail_magazine' },
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Back to tickets' }));
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeTruthy();
  });

  it('stops only the ticked one; none ticked says to choose one and calls nothing', async () => {
    const state = { mail_magazine: true, teamlab_mail_magazine: true };
    const api = magazineServer(state);
    await renderRoutes(ROUTES, `/mail-release/${TOKEN}`);
    const news = await screen.findByRole('checkbox', { name: 'News and special offers' });
    const other = screen.getByRole('checkbox', { name: 'News about other exhibitions by the organiser' });
    await userEvent.click(news);
    await userEvent.click(other);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one newsletter to stop.');
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.click(other);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await screen.findByRole('heading', { name: 'You have been unsubscribed' });
    expect(state).toEqual({ mail_magazine: true, teamlab_mail_magazine: false });
  });

  it('shows only the magazines that are on', async () => {
    magazineServer({ mail_magazine: true, teamlab_mail_magazine: false });
    await renderRoutes(ROUTES, `/mail-release/${TOKEN}`);
    await screen.findByRole('checkbox', { name: 'News and special offers' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
  });

  it('says so when no magazine is on, without a button', async () => {
    magazineServer({ mail_magazine: false, teamlab_mail_magazine: false });
    await renderRoutes(ROUTES, `/mail-release/${TOKEN}`);
    expect(await screen.findByText('This email address does not receive any newsletters.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('already unsubscribed elsewhere: the dialog, then the page shows what is still on', async () => {
    const state = { mail_magazine: true, teamlab_mail_magazine: false };
    magazineServer(state);
    const { router } = await renderRoutes(ROUTES, `/mail-release/${TOKEN}`);
    await screen.findByRole('checkbox', { name: 'News and special offers' });
    state.mail_magazine = false; // another tab was quicker
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() =>
      expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe(
        'error_dialog_mail_magazine_already_unsubscribed_title',
      ),
    );
    expect(await screen.findByText('This email address does not receive any newsletters.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/mail-release/${TOKEN}`);
  });

  it('an unknown link: its own message and no error dialog (404 ignored)', async () => {
    fakeApi({ 'GET mailmagazines/unknown': serverError('record_not_found') });
    await renderRoutes(ROUTES, '/mail-release/unknown');
    expect(
      await screen.findByText('This link is not valid. Please check the link in your email.'),
    ).toBeTruthy();
    expect(useDialogStore.getState().dialogs).toEqual([]);
  });

  it('speaks the visitor language', async () => {
    magazineServer({ mail_magazine: true, teamlab_mail_magazine: false });
    await renderRoutes(ROUTES, `/mail-release/${TOKEN}`, 'th');
    expect(await screen.findByRole('checkbox', { name: 'ข่าวสารและข้อเสนอพิเศษ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ยกเลิกการรับ' })).toBeTruthy();
  });
});
