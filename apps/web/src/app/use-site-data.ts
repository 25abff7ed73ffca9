import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { configurationQuery } from '../shared/api/endpoints/configurations.ts';
import { langsQuery } from '../shared/api/endpoints/langs.ts';
import { paymentMethodsQuery } from '../shared/api/endpoints/payment-methods.ts';
import { productsQuery } from '../shared/api/endpoints/products.ts';
import { useActiveLang } from '../shared/hooks/use-active-lang.ts';
import { applyLanguages } from '../shared/i18n/language-rules.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { afterFirstPaint } from './after-first-paint.ts';

/** False until the browser has painted the first screen (at once in a hidden tab, which paints nothing). */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterFirstPaint().then(() => mounted && setPainted(true));
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}

/** Loads what every screen needs once (spec §2 "On load") and mirrors it into the core state. */
function useSiteData(): void {
  const lang = useActiveLang();
  const set = useCoreStore((state) => state.set);
  const langs = useQuery(langsQuery());
  const configuration = useQuery(configurationQuery());
  // Asked for as the app started on most screens (app/prefetch-route-data.ts): a failure was reported then,
  // and the payment screens' own queries ask again when they mount. Elsewhere (the ticket page) they go out
  // once the first screen has painted: no screen shows them there, and that paint must not wait for them.
  const painted = usePaintedOnce();
  const paymentMethods = useQuery({
    ...paymentMethodsQuery(lang, 'web'),
    retryOnMount: false,
    enabled: painted,
  });
  const products = useQuery({ ...productsQuery(lang), enabled: painted });

  useEffect(() => {
    if (langs.data) applyLanguages(langs.data, lang);
  }, [langs.data, lang]);
  useEffect(() => {
    if (configuration.data) set({ configuration: configuration.data });
  }, [configuration.data, set]);
  useEffect(() => {
    if (paymentMethods.data) set({ paymentMethods: paymentMethods.data });
  }, [paymentMethods.data, set]);
  useEffect(() => {
    if (products.data) set({ productList: products.data });
  }, [products.data, set]);
}

/**
 * useSiteData in a component of its own, beside the layout: an answer arriving re-renders this one, not the
 * layout and its header, footer and screen.
 */
export function SiteData(): null {
  useSiteData();
  return null;
}
