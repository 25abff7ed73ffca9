import type { SiteSettings } from '@kippu/contract/site-settings';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';

export type LegalFacts = {
  /** The site's name in the page's language: the pages speak of "the operator of {site}". */
  site: string;
  currency: string;
  /** The web channel's ways of paying in their display order, each name once. */
  paymentMethods: string[];
  helpUrl: string | null;
  footer: SiteSettings['footer'];
};

/**
 * What the legal pages fill their generic template with (ADR 024): the site's own settings and payment
 * methods, which the layout loads on every page. Null until the configuration is there.
 */
export function useLegalFacts(): LegalFacts | null {
  const lang = useActiveLang();
  const configuration = useCoreStore((state) => state.configuration);
  const methods = useCoreStore((state) => state.paymentMethods);
  if (!configuration) return null;
  const { settings } = configuration;
  return {
    site: settings.name[lang],
    currency: settings.currency,
    // `free` is no way of paying, and two providers may offer the same method under one name.
    paymentMethods: [
      ...new Set(
        [...methods]
          .filter((method) => method.payment_method_type !== 'free')
          .sort((a, b) => a.display_position - b.display_position)
          .map((method) => method.name),
      ),
    ],
    helpUrl: settings.footer.helpUrl,
    footer: settings.footer,
  };
}
