import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { SiteLogo } from '../features/sites/site-logo.tsx';
import { SiteLogoSlot } from '../shared/site/site-logo-slot.ts';

export function createQueryClient(): QueryClient {
  // The API client already shows one error dialog per failure; retries would repeat it.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

export function Providers({
  i18n,
  queryClient,
  children,
}: {
  i18n: i18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SiteLogoSlot.Provider value={SiteLogo}>{children}</SiteLogoSlot.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
