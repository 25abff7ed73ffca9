import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, serverError, type SeenCall } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import ReservationInquiryScreen from '../screens/reservation-inquiry-screen.tsx';

const ROUTES = [
  { path: '/reservation-inquiry', element: <ReservationInquiryScreen /> },
  { path: '/id/:reservationToken', element: <h1>Ticket page</h1> },
];

afterEach(() => vi.unstubAllGlobals());

const emailField = () => screen.getByRole('textbox', { name: /Email address/ });
const numberField = () => screen.getByRole('textbox', { name: /Reservation number/ });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Show my booking' }));

describe('the reservation inquiry', () => {
  it('checks the fields as the visitor types and calls nothing while one fails', async () => {
    const api = fakeApi({});
    await renderRoutes(ROUTES, '/reservation-inquiry');
    await submit();
    expect(await screen.findByText('Email address is required.')).toBeTruthy();
    expect(screen.getByText('Reservation number is required.')).toBeTruthy();
    expect(document.activeElement).toBe(emailField());
    expect(emailField().getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(emailField(), 'hanako@');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    await userEvent.type(emailField(), 'example.jp');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address.')).toBeNull());
    expect(api.calls).toEqual([]);
  });

  it('a wrong number shows the record-not-found dialog and keeps the form; the right one opens the ticket', async () => {
    const api = fakeApi({
      'GET reservations': ({ query }: SeenCall) =>
        query.get('reservation_number') === 'K7QW3MZP2A'
          ? ok({ reservation_token: 'token-ok' })
          : serverError('record_not_found'),
    });
    const { router } = await renderRoutes(ROUTES, '/reservation-inquiry');
    await userEvent.type(emailField(), ' hanako@example.jp ');
    await userEvent.type(numberField(), 'K7QW3MZP2B');
    await submit();
    await waitFor(() =>
      expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe('error_dialog_record_not_found_title'),
    );
    expect(router.state.location.pathname).toBe('/reservation-inquiry');
    expect(numberField()).toHaveProperty('value', 'K7QW3MZP2B');

    await userEvent.clear(numberField());
    await userEvent.type(numberField(), 'K7QW3MZP2A');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Ticket page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/id/token-ok');
    expect(api.calls.map((call) => Object.fromEntries(call.query))).toEqual([
      { email: 'hanako@example.jp', reservation_number: 'K7QW3MZP2B' },
      { email: 'hanako@example.jp', reservation_number: 'K7QW3MZP2A' },
    ]);
  });

  it('a number typed full-width on a phone keyboard is sent as ASCII; kana or symbols are refused as typed', async () => {
    const api = fakeApi({ 'GET reservations': ok({ reservation_token: 'token-ok' }) });
    const { router } = await renderRoutes(ROUTES, '/reservation-inquiry');
    await userEvent.type(emailField(), 'hanako@example.jp');
    await userEvent.type(numberField(), 'K7QW3MZP2ア');
    expect(await screen.findByText('Reservation number may contain letters and numbers only.')).toBeTruthy();
    await submit();
    expect(api.calls).toEqual([]);

    await userEvent.clear(numberField());
    await userEvent.type(numberField(), 'Ｋ７ＱＷ ３ＭＺＰ２Ａ');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/id/token-ok'));
    expect(api.calls.map((call) => call.query.get('reservation_number'))).toEqual(['K7QW 3MZP2A']);
  });

  it('too many tries shows the rate-limit dialog', async () => {
    fakeApi({ 'GET reservations': serverError('too_many_requests') });
    await renderRoutes(ROUTES, '/reservation-inquiry');
    await userEvent.type(emailField(), 'hanako@example.jp');
    await userEvent.type(numberField(), 'K7QW3MZP2A');
    await submit();
    await waitFor(() =>
      expect(useDialogStore.getState().dialogs[0]?.titleKey).toBe('error_dialog_too_many_requests_title'),
    );
  });

  it('speaks the visitor language', async () => {
    fakeApi({});
    await renderRoutes(ROUTES, '/reservation-inquiry', 'ja');
    expect(screen.getByRole('heading', { name: '予約の照会' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '予約を表示' })).toBeTruthy();
    expect(screen.getByText('予約確認メールに記載の英数字（例: K7QW3MZP2A）')).toBeTruthy();
  });
});
