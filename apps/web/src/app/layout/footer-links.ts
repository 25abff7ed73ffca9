import type { LangCode } from '@kippu/contract/enums';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { paths } from '../../shared/routing/paths.ts';

export type FooterLink = {
  name: string;
  /** Translation key of the label, or the label itself for configured extra links. */
  labelKey?: string;
  label?: string;
  /** Route path for internal pages, absolute URL for external ones. */
  to: string;
  external: boolean;
};

const internal = (name: string, labelKey: string, path: string): FooterLink => ({
  name,
  labelKey,
  to: path,
  external: false,
});

const external = (name: string, labelKey: string, url: string | null): FooterLink[] =>
  url ? [{ name, labelKey, to: url, external: true }] : [];

/** A configured external page, else the product's own page (spec §2: terms, legal notice, privacy). */
const externalOrInternal = (
  name: string,
  labelKey: string,
  url: string | null,
  path: string,
): FooterLink => ({
  name,
  labelKey,
  to: url ?? path,
  external: url !== null,
});

/** The footer's links in order (spec §2 "Shared behaviour"); links without a URL are left out. */
export function footerLinks(
  settings: Pick<SiteSettings, 'isOnlyStartMailConfirm' | 'footer'>,
  lang: LangCode,
  hasReservationInquiryText: boolean,
): FooterLink[] {
  const { footer } = settings;
  return [
    ...(settings.isOnlyStartMailConfirm ? [] : [internal('order', 'footer_order', paths.order.path)]),
    ...(hasReservationInquiryText
      ? [internal('reservation-inquiry', 'footer_reservation_inquiry', paths.reservationInquiry.path)]
      : []),
    ...external('app-download', 'footer_app_download', footer.appDownloadUrl),
    ...external('exhibition-info', 'footer_exhibition_info', footer.exhibitionInfoUrl),
    ...external('help', 'footer_help', footer.helpUrl),
    ...footer.extraLinks.map((link, index) => ({
      name: `extra-${index + 1}`,
      label: link.label[lang],
      to: link.url,
      external: /^https?:\/\//.test(link.url),
    })),
    externalOrInternal('terms', 'footer_terms', footer.termsUrl, paths.terms.path),
    externalOrInternal('specified', 'footer_specified', footer.legalNoticeUrl, paths.specified.path),
    externalOrInternal('privacy', 'footer_privacy', footer.privacyUrl, paths.privacy.path),
  ];
}
