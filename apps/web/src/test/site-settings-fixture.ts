import { LANG_CODES } from '@kippu/contract/enums';
import type { ConfigurationResponse, SiteSettings } from '@kippu/contract/site-settings';
import type { Language } from '@kippu/contract/endpoints/langs';

const text = (value: string) =>
  Object.fromEntries(LANG_CODES.map((lang) => [lang, `${value} (${lang})`])) as SiteSettings['name'];

/** A complete, valid settings document; tests override only what they look at. */
export function siteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    kind: 'art',
    name: text('Harbour Light Museum'),
    isMailConfirm: true,
    isOnlyStartMailConfirm: false,
    isUseMembershipLogin: false,
    pageTitle: text('Harbour Light tickets'),
    theme: { primary: '#1f3a5f', onPrimary: '#ffffff', accent: '#f2b134', background: '#f7f7fa' },
    logo: { variant: 'white', pc: { width: 200, height: 40 }, sp: { width: 140, height: 28 } },
    printLogo: true,
    footer: {
      showProviderBrand: true,
      copyright: '© Harbour Light',
      appDownloadUrl: 'https://example.test/app',
      exhibitionInfoUrl: null,
      helpUrl: 'https://example.test/help',
      extraLinks: [{ label: text('Access'), url: 'https://example.test/access' }],
      termsUrl: 'https://example.test/terms',
      legalNoticeUrl: null,
      privacyUrl: null,
    },
    signIn: {
      residentArea: { inputType: 'text', options: [] },
      genderOptions: [],
      ageOptions: [],
      question1Items: [],
      mailMagazineDefault: true,
      teamlabMailMagazineDefault: false,
    },
    ticketDisplay: {
      displayType: 'fusion',
      headerColor: { pc: '#000000', sp: '#000000' },
      headerLogo: { pc: true, sp: true },
    },
    currency: 'JPY',
    payment: {
      cardProviderKeys: {},
      merchantIds: {},
      deviceFingerprintScriptUrl: null,
      secondaryCardProcessor: null,
      thirdProcessor: null,
    },
    analytics: { tagManagerId: null, gatagKeyUrl: null },
    completePage: { showGoToTicketButton: true },
    layout: { orderProcedure: 'selectProductBeforeDate' },
    calendar: { colorized: true },
    appDownloadModalImage: null,
    ...overrides,
  };
}

export function configuration(overrides: Partial<SiteSettings> = {}): ConfigurationResponse {
  return {
    siteCode: 'BORDERLESS',
    environment: 'development',
    mode: null,
    settings: siteSettings(overrides),
  };
}

export const languages: Language[] = [
  { id: 2, code: 'en', display_name: 'English', display_position: 2, is_default: false },
  { id: 1, code: 'ja', display_name: '日本語', display_position: 1, is_default: true },
  { id: 3, code: 'th', display_name: 'ไทย', display_position: 3, is_default: false },
];
