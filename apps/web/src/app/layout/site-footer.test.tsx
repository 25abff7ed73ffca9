import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { configuration } from '../../test/site-settings-fixture.ts';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import { footerLinks } from './footer-links.ts';
import { SiteFooter } from './site-footer.tsx';

const renderFooter = () => renderRoutes([{ path: '*', element: <SiteFooter /> }], '/');

describe('footer (spec §2)', () => {
  it('is the contentinfo landmark with the order link and configured links', async () => {
    useCoreStore.setState({ configuration: configuration() });
    await renderFooter();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByTestId('footer-link-order').getAttribute('href')).toBe('/order');
    expect(screen.getByTestId('footer-link-reservation-inquiry').textContent).toBe('Find your booking');
    expect(screen.getByTestId('footer-link-app-download').getAttribute('href')).toBe(
      'https://example.test/app',
    );
    expect(screen.getByTestId('footer-link-help').getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('footer-link-exhibition-info')).toBeNull();
    expect(screen.getByTestId('footer-link-extra-1').textContent).toContain('Access (en)');
    expect(screen.getByTestId('footer-provider-brand').textContent).toContain('© Harbour Light');
  });

  it('uses the external URL for terms, else the internal pages for legal notice and privacy', async () => {
    useCoreStore.setState({ configuration: configuration() });
    await renderFooter();
    expect(screen.getByTestId('footer-link-terms').getAttribute('href')).toBe('https://example.test/terms');
    expect(screen.getByTestId('footer-link-specified').getAttribute('href')).toBe('/specified');
    expect(screen.getByTestId('footer-link-privacy').getAttribute('href')).toBe('/privacy');
  });

  it('hides the order link in mail-confirm-only mode (MORI) and the brand when not shown', async () => {
    const base = configuration();
    useCoreStore.setState({
      configuration: configuration({
        isOnlyStartMailConfirm: true,
        footer: { ...base.settings.footer, showProviderBrand: false },
      }),
    });
    await renderFooter();
    expect(screen.queryByTestId('footer-link-order')).toBeNull();
    expect(screen.queryByTestId('footer-provider-brand')).toBeNull();
    expect(screen.getByTestId('footer-link-terms')).toBeTruthy();
  });

  it('lists reservation inquiry only when its text exists', () => {
    const { settings } = configuration();
    expect(footerLinks(settings, 'en', false).map((link) => link.name)).not.toContain('reservation-inquiry');
    expect(footerLinks(settings, 'en', true).map((link) => link.name)).toContain('reservation-inquiry');
  });
});
