import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { configuration, siteSettings } from '../../../test/site-settings-fixture.ts';
import PrivacyScreen from '../screens/privacy-screen.tsx';
import SpecifiedScreen from '../screens/specified-screen.tsx';
import TermsScreen from '../screens/terms-screen.tsx';

const ROUTES = [
  { path: '/privacy', element: <PrivacyScreen /> },
  { path: '/specified', element: <SpecifiedScreen /> },
  { path: '/terms', element: <TermsScreen /> },
];

const footer = siteSettings().footer;
const noExternalPages = { ...footer, termsUrl: null, legalNoticeUrl: null, privacyUrl: null };

function useSite(overrides: Parameters<typeof configuration>[0] = {}) {
  useCoreStore.setState({
    configuration: configuration({ footer: noExternalPages, ...overrides }),
    paymentMethods: [
      { payment_method_type: 'gmo_paypay', name: 'PayPay', display_position: 2 },
      { payment_method_type: 'gmo', name: 'Credit card', display_position: 1 },
      { payment_method_type: 'stripe', name: 'Credit card', display_position: 3 },
      { payment_method_type: 'free', name: 'No payment needed', display_position: 4 },
    ],
  });
}

/** The value next to a label of the legal notice's list. */
function fact(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('the legal notice (特定商取引法に基づく表記)', () => {
  it("lists the seller, contact, prices, payment methods (each once, no 'free') and cancellation from the site's settings", async () => {
    useSite();
    await renderRoutes(ROUTES, '/specified');
    expect(screen.getByRole('heading', { level: 1, name: 'Legal notice' })).toBeTruthy();
    expect(fact('Seller').textContent).toBe('The operator of Harbour Light Museum (en)');
    expect(fact('Address and telephone number').textContent).toMatch(/^Disclosed without delay on request/);
    const help = within(fact('Contact')).getByRole('link', { name: 'Help and contact page' });
    expect(help.getAttribute('href')).toBe('https://example.test/help');
    expect(fact('Prices').textContent).toContain('in JPY, consumption tax included');
    const methods = within(fact('Payment methods')).getAllByRole('listitem');
    expect(methods.map((item) => item.textContent)).toEqual(['Credit card', 'PayPay']);
    expect(fact('Cancellation and refunds').textContent).toMatch(/cannot be cancelled, returned or refunded/);
  });

  it('is written in the page language, and names the venue staff when the site has no help page', async () => {
    useSite({ footer: { ...noExternalPages, helpUrl: null } });
    await renderRoutes(ROUTES, '/specified', 'ja');
    expect(screen.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeTruthy();
    expect(fact('販売事業者').textContent).toBe('Harbour Light Museum (ja) 運営事業者');
    expect(fact('お問い合わせ').textContent).toBe('会場スタッフにお尋ねください。');
    expect(within(fact('お問い合わせ')).queryByRole('link')).toBeNull();
  });

  it("sends the visitor to the site's own page when one is configured", async () => {
    useSite({ footer: { ...noExternalPages, legalNoticeUrl: 'https://operator.example/legal' } });
    await renderRoutes(ROUTES, '/specified');
    const link = screen.getByRole('link', { name: 'Open the page' });
    expect(link.getAttribute('href')).toBe('https://operator.example/legal');
    expect(screen.queryByText('Seller')).toBeNull();
  });

  it('shows a placeholder until the configuration arrives, then the text', async () => {
    await renderRoutes(ROUTES, '/specified');
    expect(screen.queryByText('Seller')).toBeNull();
    act(() => useSite());
    expect(await screen.findByText('Seller')).toBeTruthy();
  });
});

describe('the privacy policy', () => {
  it('names the operator of the site and ends with how to make a request', async () => {
    useSite();
    await renderRoutes(ROUTES, '/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(screen.getByText(/^The operator of Harbour Light Museum \(en\) \("we"\)/)).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Information we collect',
      'How we use it',
      'Sharing with others',
      'Storage and security',
      'Your requests',
    ]);
    expect(screen.getByRole('link', { name: 'Help and contact page' })).toBeTruthy();
  });

  it('is shown in Thai with the Thai site name', async () => {
    useSite();
    await renderRoutes(ROUTES, '/privacy', 'th');
    expect(screen.getByText(/^ผู้ดำเนินการของ Harbour Light Museum \(th\)/)).toBeTruthy();
  });

  it("links to the site's own policy when configured", async () => {
    useSite({ footer: { ...noExternalPages, privacyUrl: 'https://operator.example/privacy' } });
    await renderRoutes(ROUTES, '/privacy');
    expect(screen.getByRole('link', { name: 'Open the page' }).getAttribute('href')).toBe(
      'https://operator.example/privacy',
    );
  });
});

describe('the terms of use', () => {
  it('covers tickets, cancellation, conduct, liability and changes for the site', async () => {
    useSite();
    await renderRoutes(ROUTES, '/terms', 'kr');
    expect(screen.getByText(/Harbour Light Museum \(kr\) 티켓을 구매하고/)).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['티켓', '취소 및 환불', '현장에서의 부탁', '내용 변경 및 책임', '약관 변경']);
  });

  it("links to the site's own terms when configured", async () => {
    useSite({ footer: { ...noExternalPages, termsUrl: 'https://operator.example/terms' } });
    await renderRoutes(ROUTES, '/terms');
    expect(screen.getByRole('link', { name: 'Open the page' }).getAttribute('href')).toBe(
      'https://operator.example/terms',
    );
  });
});
