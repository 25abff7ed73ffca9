import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { configurationQuery } from '../shared/api/endpoints/configurations.ts';
import { langsQuery } from '../shared/api/endpoints/langs.ts';
import { activeLangOf } from '../shared/hooks/use-active-lang.ts';
import { bootstrap } from './bootstrap.ts';
import { hashPathname } from './first-screen-hash.ts';
import { prefetchRouteData } from './prefetch-route-data.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { routes, screensAt } from './routes.tsx';
import { waitAtMost } from './wait-at-most.ts';
import { yieldToBrowser } from './yield-to-browser.ts';

// The app, loaded by the entry (src/main.ts) once the served page has painted (ADR 037).

/** How long the first render waits for the first screen's data (the page shows its first paint meanwhile). */
const FIRST_DATA_WAIT_MS = 1500;

// The app's start is cut into tasks a phone can run without blocking input for long (issue 12): the
// first ends with the evaluation of the app's modules.
await yieldToBrowser();
const { i18n, boot } = await bootstrap();
await yieldToBrowser();
const queryClient = createQueryClient();
// The page's data answers the layout's first queries (issue 12): no call, no layout shift.
if (boot) {
  queryClient.setQueryData(langsQuery().queryKey, boot.langs);
  queryClient.setQueryData(configurationQuery().queryKey, boot.configuration);
}
// Before the router is built (its route table is a few dozen milliseconds on a slow phone): the calls
// travel meanwhile.
const firstData = prefetchRouteData(
  queryClient,
  activeLangOf(i18n),
  window.location.hash,
  boot?.configuration.settings,
);
// The first screen's chunk, loaded by now in most cases (src/main.ts): a screen rendered before its load has
// resolved shows the placeholder for at least React's fallback throttle (app/load-with-timeout.ts).
const firstScreens = Promise.all(
  screensAt(hashPathname(window.location.hash)).map((screen) => screen.preload()),
);
await yieldToBrowser();
const router = createHashRouter(routes);
await yieldToBrowser();
// The first render waits for the first screen's data, so it renders once, with it, in slices; past
// FIRST_DATA_WAIT_MS it goes ahead with the screens' placeholders, which the answers then fill.
await waitAtMost(Promise.all([firstData, firstScreens]), FIRST_DATA_WAIT_MS);

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
// The visitor id's cookie (ADR 094), once the first screen is under way: a hold waits for it too. Loaded
// lazily: the screens that hold import it themselves, the others need not wait for its code.
void import('../shared/api/visitor-id.ts').then(({ ensureVisitorId }) => ensureVisitorId());
