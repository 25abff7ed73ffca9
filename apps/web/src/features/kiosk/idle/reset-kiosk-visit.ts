import type { QueryClient } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { rememberedLanguageCookie } from '@kippu/contract/remembered-language';
import { paths } from '../../../shared/routing/paths.ts';
import { currentSite } from '../../../shared/site/detect-site.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { useSpotStore, useSpotTokensStore } from '../../../shared/stores/spot-store.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { useToastStore } from '../../../shared/stores/toast-store.ts';
import { releaseLeftOrder } from '../api/kiosk-api.ts';

/** How long a reset that reloads the page waits for the left order's hold to be given back. */
const RELEASE_WAIT_MS = 3000;

export type KioskResetDeps = {
  queryClient: QueryClient;
  /** In-app navigation (react-router's navigate). */
  navigate: (to: string, options: { replace: true }) => void;
  /** The language the page runs in now. */
  activeLang: LangCode;
  /** Opens the kiosk's first screen afresh in `lang` (a page load: the server draws it in that language). */
  reopenIn?: (lang: LangCode) => void;
  doc?: Document;
};

/** A new page load of `#/kiosk` in `lang`, replacing this one in the history (nothing to go back to). */
export function reopenKioskIn(lang: LangCode, location: Location = window.location): void {
  location.replace(`${location.pathname}?lang=${lang}#${paths.kiosk.getHref()}`);
}

/**
 * The kiosk's reset (ADR 081): nothing of the last visitor's visit stays on the tablet. Their order's hold
 * is given back (quietly; a hold that cannot go lapses on the server), then the app's stores let go of
 * everything but the site's public lists, the query cache is emptied, and only then both web storages are
 * cleared (each persisted store writes its emptied state back as it changes, so storage goes last) with the
 * language cookie. The device stays paired: its HttpOnly cookie is out of the page's reach. The first
 * screen shows at once; in the site's default language (a page load in it) when the visitor chose another.
 */
export function resetKioskVisit({
  queryClient,
  navigate,
  activeLang,
  reopenIn = reopenKioskIn,
  doc = document,
}: KioskResetDeps): void {
  // Leave the screen first: a purchase screen that saw its order vanish would redirect (to the order page)
  // in the same render, racing the page load below.
  navigate(paths.kiosk.getHref(), { replace: true });
  const core = useCoreStore.getState();
  const releases = [core.orderToken, useSpotStore.getState().orderToken].flatMap((token) =>
    token ? [releaseLeftOrder(token)] : [],
  );
  const { configuration, languages, productList, paymentMethods, spotPaymentMethods, defaultLangCode } = core;
  useCoreStore.setState({
    ...useCoreStore.getInitialState(),
    configuration,
    languages,
    productList,
    paymentMethods,
    spotPaymentMethods,
    defaultLangCode,
  });
  useTicketStore.setState(useTicketStore.getInitialState(), true);
  useSpotStore.setState(useSpotStore.getInitialState(), true);
  useSpotTokensStore.setState(useSpotTokensStore.getInitialState(), true);
  useDialogStore.setState({ dialogs: [] });
  useToastStore.getState().setToastText('');
  void queryClient.cancelQueries();
  queryClient.clear();
  sessionStorage.clear();
  localStorage.clear();
  doc.cookie = `${rememberedLanguageCookie(currentSite())}=; path=/; max-age=0; samesite=lax`;

  const firstLang = defaultLangCode ?? activeLang;
  if (firstLang === activeLang) return;
  // A page load would cancel a release still on its way: it goes first, for a few seconds at most.
  const wait = new Promise((resolve) => setTimeout(resolve, RELEASE_WAIT_MS));
  void Promise.race([Promise.allSettled(releases), wait]).then(() => reopenIn(firstLang));
}
