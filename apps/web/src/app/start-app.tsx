import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { configurationQuery } from '../shared/api/endpoints/configurations.ts';
import { langsQuery } from '../shared/api/endpoints/langs.ts';
import { activeLangOf } from '../shared/hooks/use-active-lang.ts';
import { bootstrap } from './bootstrap.ts';
import { prefetchRouteData } from './prefetch-route-data.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { routes } from './routes.tsx';

// The app, loaded by the entry (src/main.ts) once the served page has painted (ADR 037).

const { i18n, boot } = await bootstrap();
const queryClient = createQueryClient();
// The page's data answers the layout's first queries (issue 12): no call, no layout shift.
if (boot) {
  queryClient.setQueryData(langsQuery().queryKey, boot.langs);
  queryClient.setQueryData(configurationQuery().queryKey, boot.configuration);
}
// Before the router is built (its route table is a few dozen milliseconds on a slow phone): the call
// travels meanwhile.
prefetchRouteData(queryClient, activeLangOf(i18n), window.location.hash);
const router = createHashRouter(routes);

// The page's first paint (the header and a placeholder the server drew, ADR 037) stays until React's first
// commit, which replaces it: createRoot clears the container.
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
