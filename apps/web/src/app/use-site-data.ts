import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { configurationQuery } from '../shared/api/endpoints/configurations.ts';
import { langsQuery } from '../shared/api/endpoints/langs.ts';
import { paymentMethodsQuery } from '../shared/api/endpoints/payment-methods.ts';
import { productsQuery } from '../shared/api/endpoints/products.ts';
import { useActiveLang } from '../shared/hooks/use-active-lang.ts';
import { applyLanguages } from '../shared/i18n/language-rules.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';

/** Loads what every screen needs once (spec §2 "On load") and mirrors it into the core state. */
export function useSiteData(): void {
  const lang = useActiveLang();
  const set = useCoreStore((state) => state.set);
  const langs = useQuery(langsQuery());
  const configuration = useQuery(configurationQuery());
  // The app asked for them as it started (app/prefetch-route-data.ts): a failure was reported then, and the
  // payment screens' own queries ask again when they mount.
  const paymentMethods = useQuery({ ...paymentMethodsQuery(lang, 'web'), retryOnMount: false });
  const products = useQuery(productsQuery(lang));

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
