import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type FakeReply } from '../test/fake-api.ts';
import { renderRoutes } from '../test/render.tsx';
import { configuration } from '../test/site-settings-fixture.ts';
import { routes, screensAt } from './routes.tsx';

afterEach(() => vi.unstubAllGlobals());

// The screens these tests reach are lazy chunks: their first import is transformed on demand, which took
// more than findBy's 8 s on a busy machine (review finding 22). Load them once here, outside the tests'
// waits, so each wait is for the guard and the configuration alone. The order screen's own lazy step too.
beforeAll(async () => {
  const screens = ['/', '/mail-confirm', '/membership-login'].flatMap(screensAt);
  await Promise.all([
    ...screens.map((screen) => screen.preload()),
    import('../features/booking/order/ticket-step.tsx'),
  ]);
}, 120_000);

/** A configuration call that answers only when the test says so. */
function slowConfiguration() {
  let answer!: (reply: FakeReply) => void;
  const reply = new Promise<FakeReply>((resolve) => (answer = resolve));
  fakeApi({ 'GET configurations': () => reply });
  return answer;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('flow guards wait for the configuration', () => {
  it('mounts no order screen before a mail-confirm-only site is known, then starts at mail confirm', async () => {
    const answer = slowConfiguration();
    const { router } = await renderRoutes(routes, '/', 'en');
    await settle();
    expect(screen.queryByRole('heading', { level: 1, name: 'Tickets' })).toBeNull();

    answer(ok(configuration({ isOnlyStartMailConfirm: true })));
    await screen.findByRole('heading', { level: 1, name: 'Confirm your email' });
    expect(router.state.location.pathname).toBe('/mail-confirm');
  });

  it('shows no member login before the site is known to have it', async () => {
    const answer = slowConfiguration();
    await renderRoutes(routes, '/membership-login', 'en');
    await settle();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    answer(ok(configuration({ isUseMembershipLogin: false })));
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('shows the screen as for any site when the configuration cannot be loaded', async () => {
    fakeApi({ 'GET configurations': { status: 503, body: {} } });
    await renderRoutes(routes, '/', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
  });
});
