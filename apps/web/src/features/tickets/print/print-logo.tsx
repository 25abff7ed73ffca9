import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { use } from 'react';
import { SiteLogoSlot } from '../../../shared/site/site-logo-slot.ts';
import './print-logo.css';

/**
 * The site's print logo (issue 32 item 1, ADR 113) on a printable page: nothing when `settings.printLogo`
 * is off; the image staff uploaded as `images.printLogo`, else the site's drawn logo in its black variant
 * (paper is white). `printOnly` shows it on paper alone (the ticket page, whose screen has the site header);
 * the receipt sheet shows it on screen too, as its PDF does.
 */
export function PrintLogo({ printOnly = false }: { printOnly?: boolean }) {
  const lang = useActiveLang();
  const settings = useCoreStore((state) => state.configuration?.settings);
  const SiteLogo = use(SiteLogoSlot);
  if (!settings?.printLogo) return null;
  const name = settings.name[lang];
  const uploaded = settings.images?.printLogo;
  return (
    <div className="print-logo" data-print-only={printOnly || undefined} data-testid="print-logo">
      {uploaded ? (
        <img className="print-logo__image" src={uploaded} alt={name} />
      ) : SiteLogo ? (
        <SiteLogo name={name} settings={{ ...settings, logo: { ...settings.logo, variant: 'black' } }} />
      ) : null}
    </div>
  );
}
