import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartnerBrand, SiteSettings } from '@kippu/contract/site-settings';
import './partner-brands.css';

/**
 * Stand-in marks for the partner brands (spec §10: resort, retail, bank, telecom; issue 32 item 29): simple
 * drawings of what each partner is, in the footer's ink, never a real brand's mark or name. The visible
 * caption says which kind of partner it is, in the page's language.
 */
const MARKS: Record<PartnerBrand, ReactNode> = {
  // A sun setting over two waves.
  resort: (
    <>
      <circle cx="16" cy="14" r="6" fill="currentColor" />
      <path
        d="M3 21c3-2.5 5.5-2.5 8.5 0s5.5 2.5 8.5 0 5.5-2.5 9 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path
        d="M3 26c3-2.5 5.5-2.5 8.5 0s5.5 2.5 8.5 0 5.5-2.5 9 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </>
  ),
  // A shopping bag with its handle.
  retail: (
    <>
      <path d="M7 11h18l-1.6 17H8.6z" fill="currentColor" />
      <path d="M11.5 12V8.5a4.5 4.5 0 0 1 9 0V12" fill="none" stroke="currentColor" strokeWidth="2" />
    </>
  ),
  // A pillared hall under a pediment.
  bank: (
    <>
      <path d="M3.5 11 16 4l12.5 7z" fill="currentColor" />
      <path d="M7 13v10M12.3 13v10M19.7 13v10M25 13v10" stroke="currentColor" strokeWidth="2.6" />
      <path d="M4 26.5h24" stroke="currentColor" strokeWidth="2.6" />
    </>
  ),
  // A mast sending out signal arcs.
  telecom: (
    <>
      <path d="M16 14v14M12 28h8" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="16" cy="12" r="2.4" fill="currentColor" />
      <path
        d="M11 7.5a7 7 0 0 0 0 9M21 7.5a7 7 0 0 1 0 9M7.2 4.5a12 12 0 0 0 0 15M24.8 4.5a12 12 0 0 1 0 15"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </>
  ),
};

/** The site's partner brands (settings.footer.partnerBrands), or nothing when it has none. */
export function PartnerBrands({ footer }: { footer: SiteSettings['footer'] }) {
  const { t } = useTranslation();
  const brands = footer.partnerBrands ?? [];
  if (brands.length === 0) return null;
  return (
    <ul className="partner-brands" aria-label={t('footer_partners')}>
      {brands.map((brand) => (
        <li key={brand} className="partner-brands__item" data-testid={`partner-brand-${brand}`}>
          <svg className="partner-brands__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            {MARKS[brand]}
          </svg>
          <span className="partner-brands__name">{t(`footer_partner_${brand}`)}</span>
        </li>
      ))}
    </ul>
  );
}
