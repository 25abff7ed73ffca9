import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { configuration } from '../test/site-settings-fixture.ts';
import { paths } from '../shared/routing/paths.ts';
import { routes, screensAt } from './routes.tsx';

describe('routes (spec §2)', () => {
  it('shows the translated not-found page inside the layout for any other path', async () => {
    await renderRoutes(routes, '/no/such/page', 'ja');
    const notFound = await screen.findByTestId('not-found');
    expect(notFound.textContent).toContain('ページが見つかりません');
    expect(notFound.textContent).toContain('お探しのページは移動または削除された可能性があります');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('the root shares the order screen (loaded lazily)', async () => {
    await renderRoutes(routes, '/', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
  });

  it('renders a lazily loaded screen with its translated title', async () => {
    await renderRoutes(
      routes,
      paths.changeDateConfirm.getHref({ reservationToken: 'r1', timechangeToken: 't1' }),
      'en',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm the new date' })).toBeTruthy();
  });

  it('redirects /tickets/:reservationToken to the ticket', async () => {
    const { router } = await renderRoutes(routes, '/tickets/abc123', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Your ticket' });
    expect(router.state.location.pathname).toBe('/id/abc123');
  });

  it('sets the page title from the site settings and <html lang> from the language', async () => {
    useCoreStore.setState({ configuration: configuration() });
    await renderRoutes(routes, '/terms', 'zh-hant');
    await screen.findByRole('heading', { level: 1, name: '使用條款' });
    expect(document.title).toBe('Harbour Light tickets (zh-hant)');
    expect(document.documentElement.lang).toBe('zh-Hant');
  });

  it('falls back to the default title without site settings', async () => {
    await renderRoutes(routes, '/privacy', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    expect(document.title).toBe('Online tickets');
  });

  it('skips root, order and sign-in in mail-confirm-only mode', async () => {
    useCoreStore.setState({ configuration: configuration({ isOnlyStartMailConfirm: true }) });
    const { router } = await renderRoutes(routes, '/', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Confirm your email' });
    expect(router.state.location.pathname).toBe('/mail-confirm');
  });

  it('shows member login only where the site enables it', async () => {
    useCoreStore.setState({ configuration: configuration({ isUseMembershipLogin: false }) });
    await renderRoutes(routes, '/membership-login', 'en');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});

describe('screensAt: the screen the app loads before its first render', () => {
  it('finds the ticket page, the order screen at the root and a guarded screen, none on the not-found page', () => {
    const [ticket] = screensAt('/id/abc');
    const [root] = screensAt('/');
    expect(ticket).toBeDefined();
    expect(root).toBe(screensAt('/order')[0]);
    expect(root).not.toBe(ticket);
    expect(screensAt('/sign-in')).toHaveLength(1);
    expect(screensAt('/no/such/page')).toEqual([]);
  });

  it("is the screen each route renders (the guard's child for a guarded one)", () => {
    for (const path of ['/id/abc', '/order', '/sign-in', '/payment', '/spot']) {
      const route = matchRoutes(routes, path)!.at(-1)!.route;
      const element = route.element as ReactElement<{ children?: ReactElement }>;
      const rendered = element.props.children?.type ?? element.type;
      expect(screensAt(path), path).toEqual([rendered]);
    }
  });
});
