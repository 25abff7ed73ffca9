import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { LangCode } from '@kippu/contract/enums';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { initI18n } from '../shared/i18n/i18n.ts';
import { localeTexts } from './locale-texts.ts';

/** The real locale files of one language, as the server would serve them. */
export async function testI18n(lang: LangCode = 'en') {
  return initI18n(lang, localeTexts(lang));
}

export async function renderWithProviders(
  ui: ReactNode,
  lang: LangCode = 'en',
  queryClient = createQueryClient(),
) {
  const i18n = await testI18n(lang);
  return render(
    <Providers i18n={i18n} queryClient={queryClient}>
      {ui}
    </Providers>,
  );
}

export async function renderRoutes(
  routes: RouteObject[],
  path: string,
  lang: LangCode = 'en',
  queryClient = createQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = await renderWithProviders(<RouterProvider router={router} />, lang, queryClient);
  return { ...result, router };
}
