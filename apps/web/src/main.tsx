import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { bootstrap } from './app/bootstrap.ts';
import { prefetchRouteData } from './app/prefetch-route-data.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { configurationQuery } from './shared/api/endpoints/configurations.ts';
import { langsQuery } from './shared/api/endpoints/langs.ts';
import { activeLangOf } from './shared/hooks/use-active-lang.ts';
import './styles/global.css';

const { i18n, boot } = await bootstrap();
const router = createHashRouter(routes);
const queryClient = createQueryClient();
// The page's data answers the layout's first queries (issue 12): no call, no layout shift.
if (boot) {
  queryClient.setQueryData(langsQuery().queryKey, boot.langs);
  queryClient.setQueryData(configurationQuery().queryKey, boot.configuration);
}
prefetchRouteData(queryClient, activeLangOf(i18n), window.location.hash);

// A transition: React renders the first screen in slices and yields to the browser between them, so
// loading never blocks input for long on a slow phone (total blocking time, issue 12).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
