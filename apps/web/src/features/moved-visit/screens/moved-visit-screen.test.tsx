import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MovedVisitResponse } from '@kippu/contract/endpoints/moved-visits';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { DialogHost } from '../../../shared/ui/dialog-host.tsx';
import { fakeApi, ok, serverError } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import MovedVisitScreen from './moved-visit-screen.tsx';

const visit = (patch: Partial<MovedVisitResponse> = {}): MovedVisitResponse => ({
  status: 'open',
  deadline: '2026-12-04T23:59:00+09:00',
  product_name: 'Day pass',
  product_type: 'time',
  tickets: 2,
  paid: 3200,
  previous: { time_span_id: 1, starts_at: '2026-12-05T10:00:00+09:00', ends_at: '2026-12-05T11:00:00+09:00' },
  current: { time_span_id: 2, starts_at: '2026-12-06T10:00:00+09:00', ends_at: '2026-12-06T11:00:00+09:00' },
  reservation_token: 'res1',
  slots: [
    {
      time_span_id: 3,
      starts_at: '2026-12-06T13:00:00+09:00',
      ends_at: '2026-12-06T14:00:00+09:00',
      remaining: 9,
    },
  ],
  ...patch,
});

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/moved-visit/:token',
        element: (
          <>
            <MovedVisitScreen />
            <DialogHost />
          </>
        ),
      },
    ],
    '/moved-visit/tok1',
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useDialogStore.setState({ dialogs: [] });
});

describe('the moved-visit page', () => {
  it('shows the old and new time and the deadline, and keeping the new time sends nothing', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'GET moved-visits/tok1': ok(visit()) });
    await renderPage();
    expect((await screen.findByTestId('moved-visit-previous')).textContent).toContain('10:00');
    expect(screen.getByTestId('moved-visit-previous').querySelector('del')).not.toBeNull();
    expect(screen.getByTestId('moved-visit-current').textContent).toMatch(/12\/6|Dec/);
    expect(screen.getByTestId('moved-visit-deadline').textContent).toContain('23:59');
    await user.click(screen.getByRole('button', { name: 'Keep the new time' }));
    expect(screen.getByRole('status').textContent).toContain('stays at the new time');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('takes another slot with room and shows the visit the server answers', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET moved-visits/tok1': ok(visit()),
      'POST moved-visits/tok1/slot': ok(
        visit({ status: 'chosen', current: { ...visit().slots[0]!, time_span_id: 3 }, slots: [] }),
      ),
    });
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Choose another time' }));
    expect(screen.getByText('9 left')).toBeTruthy();
    await user.click(screen.getByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Take this time' }));
    expect(await screen.findByTestId('moved-visit-outcome')).toBeTruthy();
    expect(screen.getByTestId('moved-visit-current').textContent).toContain('13:00');
    expect(server.calls.find((call) => call.method === 'POST')!.body).toEqual({
      time_span_id: 3,
      lang: 'en',
    });
  });

  it('asks before a refund, and sends it only when confirmed', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET moved-visits/tok1': ok(visit()),
      'POST moved-visits/tok1/refund': ok(visit({ status: 'refunded', slots: [] })),
    });
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ask for a refund' }));
    let dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('¥3,200');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Ask for a refund' }));
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await screen.findByTestId('moved-visit-outcome')).textContent).toContain('refund is on its way');
    expect(screen.queryByRole('link', { name: 'See your tickets' })).toBeNull();
  });

  it('shows the expired dialog when the page opens after the deadline', async () => {
    fakeApi({ 'GET moved-visits/tok1': ok(visit({ status: 'expired', slots: [] })) });
    await renderPage();
    expect((await screen.findByRole('dialog')).textContent).toContain('This offer has ended');
    expect(screen.queryByRole('button', { name: 'Ask for a refund' })).toBeNull();
  });

  it('answers a choice sent after the deadline with the expired dialog', async () => {
    const user = userEvent.setup();
    let answered = visit();
    fakeApi({
      'GET moved-visits/tok1': () => ok(answered),
      'POST moved-visits/tok1/slot': () => {
        answered = visit({ status: 'expired', slots: [] });
        return serverError('moved_visit_expired');
      },
    });
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Choose another time' }));
    await user.click(screen.getByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Take this time' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('This offer has ended');
    // The page asks again and shows the visit as it now stands: no choices left.
    expect(await screen.findByTestId('moved-visit-outcome')).toBeTruthy();
  });
});
