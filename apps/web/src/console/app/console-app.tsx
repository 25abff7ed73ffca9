import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState, lazy } from 'react';
import type { LangCode } from '@kippu/contract/enums';
import { ConsoleApiError } from '../shared/api/console-client.ts';
import {
  ConsoleI18nProvider,
  loadConsoleTexts,
  rememberConsoleLang,
  type ConsoleTexts,
} from '../shared/i18n/console-i18n.tsx';
import { hashQuery, hrefOf, matchHash, PUBLIC_SCREENS } from '../shared/routing/console-paths.ts';
import { navigate, useHash } from '../shared/routing/use-hash.ts';
import { SESSION_QUERY_KEY, SIGN_IN_REQUIRED } from '../shared/session/session-api.ts';
import { useSession } from '../shared/session/use-session.ts';
import { ErrorNotice, Loading } from '../shared/ui/ui.tsx';
import { SignInScreen } from '../features/sign-in/sign-in-screen.tsx';
import { allowedItems, screenAllowed, showsFor } from './navigation.ts';
import { SIGNED_IN_SCREENS } from './screens.tsx';

/**
 * The signed-in frame (menu, site picker, the re-authentication dialog) is a chunk of its own: the sign-in
 * screen, which every visit starts with until signed in, does not need it (route-sizes.ts's first-screen
 * budget). The Router starts the screen's chunk beside it, so a signed-in page waits for one round of
 * chunks after the session, as before, not two.
 */
const Shell = lazy(async () => ({ default: (await import('./shell.tsx')).Shell }));
const SecondFactorScreen = lazy(async () => ({
  default: (await import('../features/second-factor/second-factor-screen.tsx')).SecondFactorScreen,
}));
const EnrolSecondFactorScreen = lazy(async () => ({
  default: (await import('../features/second-factor/enrol-screen.tsx')).EnrolSecondFactorScreen,
}));
const InvitationScreen = lazy(async () => ({
  default: (await import('../features/invitation/invitation-screen.tsx')).InvitationScreen,
}));
const ResetRequestScreen = lazy(async () => ({
  default: (await import('../features/password-reset/reset-request-screen.tsx')).ResetRequestScreen,
}));
const ResetScreen = lazy(async () => ({
  default: (await import('../features/password-reset/reset-screen.tsx')).ResetScreen,
}));

/**
 * Server state for the console. A call answering `console sign in required` (the session timed out, was ended
 * elsewhere, or the member was removed) reads the session again, and the router shows the sign-in screen:
 * one place, through the caches' onError, rather than a check in every screen.
 */
export function createConsoleQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ConsoleApiError && error.error === SIGN_IN_REQUIRED) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // A 4xx is an answer (no session, no such object): asking again changes nothing.
        retry: (count, error) =>
          count < 2 && !(error instanceof ConsoleApiError && error.status < 500 && error.status > 0),
        refetchOnWindowFocus: true,
      },
    },
  });
  return client;
}

function Router() {
  const hash = useHash();
  const session = useSession();
  const match = matchHash(hash);
  const stage = session.data?.stage;

  if (session.isPending) return <Loading />;
  if (session.isError) return <ErrorNotice error={session.error} />;
  const data = session.data;

  if (match && PUBLIC_SCREENS.includes(match.screen) && match.screen !== 'signIn') {
    const token = match.params.token ?? '';
    if (match.screen === 'invitation') return <InvitationScreen token={token} />;
    if (match.screen === 'reset') return <ResetScreen token={token} />;
    return <ResetRequestScreen />;
  }
  if (stage === 'second-factor') return <SecondFactorScreen />;
  if (stage === 'enrol-second-factor') return <EnrolSecondFactorScreen />;
  if (stage !== 'signed-in') return <SignInScreen />;

  const firstSite = data.sites?.[0];
  const first = allowedItems(data.permissions).find((item) => showsFor(item, firstSite));
  const home = first
    ? hrefOf(first.screen, first.perSite && firstSite ? { site: firstSite.code } : {})
    : hrefOf('account');
  if (
    !match ||
    match.screen === 'home' ||
    match.screen === 'signIn' ||
    !screenAllowed(match.screen, data.permissions)
  ) {
    return <Redirect to={home} />;
  }
  const site = match.params.site;
  if (site !== undefined && !data.sites?.some((each) => each.code === site)) return <Redirect to={home} />;
  const Screen = SIGNED_IN_SCREENS[match.screen];
  // Its chunk loads beside the lazy Shell's rather than after it (the Shell renders it). A failed load is
  // the lazy screen's to report when it renders.
  Screen?.preload().catch(() => undefined);
  return (
    <Shell session={data} screen={match.screen} site={site}>
      {Screen ? <Screen session={data} params={match.params} query={hashQuery(hash)} /> : <Loading />}
    </Shell>
  );
}

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to), [to]);
  return <Loading />;
}

/** Follows the account's language once it is known, unless the person picked another on this page. */
function useAccountLanguage(setLang: (lang: LangCode) => void, picked: { current: boolean }) {
  const session = useSession();
  const accountLang = session.data?.staff?.lang;
  useEffect(() => {
    if (accountLang && !picked.current) setLang(accountLang);
  }, [accountLang, setLang, picked]);
}

function AccountLanguage({
  setLang,
  picked,
}: {
  setLang: (lang: LangCode) => void;
  picked: { current: boolean };
}) {
  useAccountLanguage(setLang, picked);
  return null;
}

/** The console: server state, texts in the staff member's language, the hash router. */
export function ConsoleApp({
  initialLang,
  initialTexts,
  queryClient = createConsoleQueryClient(),
}: {
  initialLang: LangCode;
  initialTexts: ConsoleTexts;
  queryClient?: QueryClient;
}) {
  const [client] = useState(queryClient);
  const [{ lang, texts }, setState] = useState({ lang: initialLang, texts: initialTexts });
  const picked = useRef(false);
  const load = useCallback((next: LangCode) => {
    void loadConsoleTexts(next).then((loaded) => {
      rememberConsoleLang(next);
      setState({ lang: next, texts: loaded });
    });
  }, []);
  const pick = useCallback(
    (next: LangCode) => {
      picked.current = true;
      load(next);
    },
    [load],
  );
  const follow = useCallback(
    (next: LangCode) => {
      if (next !== lang) load(next);
    },
    [lang, load],
  );
  return (
    <QueryClientProvider client={client}>
      <ConsoleI18nProvider lang={lang} texts={texts} setLang={pick}>
        <AccountLanguage setLang={follow} picked={picked} />
        <Suspense fallback={<Loading />}>
          <Router />
        </Suspense>
      </ConsoleI18nProvider>
    </QueryClientProvider>
  );
}
