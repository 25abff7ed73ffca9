import { LANG_CODES, siteSettingsSchema, type OptionItem, type SiteSettings } from '@kippu/contract';
import { COUNTRY_OPTIONS } from './data/countries.ts';
import {
  AGE_ADULT_BANDS,
  AGE_DECADES,
  GENDER_BINARY,
  GENDER_WITH_UNDISCLOSED,
  HEARD_ABOUT_US,
  JAPAN_REGIONS,
} from './data/option-lists.ts';
import { PREFECTURE_OPTIONS } from './data/prefectures.ts';
import type { ResidenceList, SiteDefinition } from './data/site-definitions.ts';
import { selectList, t6 } from './localized.ts';

const TICKETS_WORD = {
  ja: 'チケット',
  en: 'Tickets',
  'zh-hans': '门票',
  kr: '티켓',
  'zh-hant': '門票',
  th: 'บัตรเข้าชม',
};

const RESIDENCE_OPTIONS: Record<ResidenceList, OptionItem[]> = {
  prefectures: PREFECTURE_OPTIONS,
  regions: JAPAN_REGIONS,
  countries: COUNTRY_OPTIONS,
  text: [],
};

/** Per-environment URLs of the built-in gateway simulator's second card processor (test values only). */
function simulatorUrls(path: string) {
  return {
    development: `/simulator/card2/${path}`,
    staging: `https://sandbox.card2.example/${path}`,
    production: `https://card2.example/${path}`,
  };
}

function slugKey(code: string): string {
  return code.toLowerCase();
}

/** The full, validated settings document of a demo site. Throws if the document breaks the contract. */
export function buildSiteSettings(def: SiteDefinition): SiteSettings {
  const name = t6(def.name);
  const pageTitle = Object.fromEntries(
    LANG_CODES.map((lang) => [lang, `${name[lang]} | ${TICKETS_WORD[lang]}`]),
  ) as SiteSettings['pageTitle'];
  const residenceOptions = RESIDENCE_OPTIONS[def.residence];
  const settings: SiteSettings = {
    kind: def.kind,
    name,
    isMailConfirm: true,
    isOnlyStartMailConfirm: def.onlyStartMailConfirm ?? false,
    isUseMembershipLogin: def.membershipLogin ?? false,
    pageTitle,
    theme: def.theme,
    logo: {
      variant: def.dark ? 'white' : 'black',
      pc: { width: 180, height: 36 },
      sp: { width: 120, height: 24 },
    },
    printLogo: true,
    footer: {
      showProviderBrand: false,
      copyright: null,
      appDownloadUrl: null,
      exhibitionInfoUrl: null,
      helpUrl: null,
      termsUrl: null,
      legalNoticeUrl: null,
      privacyUrl: null,
      ...def.footer,
      extraLinks: (def.footer.extraLinks ?? []).map((link) => ({ label: t6(link.label), url: link.url })),
    },
    signIn: {
      residentArea: {
        inputType: def.residence === 'text' ? 'text' : 'select',
        options: residenceOptions.length ? selectList(residenceOptions) : [],
      },
      genderOptions: selectList(def.gender === 'binary' ? GENDER_BINARY : GENDER_WITH_UNDISCLOSED),
      ageOptions: selectList(def.ageBands === 'decades' ? AGE_DECADES : AGE_ADULT_BANDS),
      question1Items: selectList(HEARD_ABOUT_US),
      mailMagazineDefault: true,
      teamlabMailMagazineDefault: false,
    },
    ticketDisplay: {
      displayType: def.displayType,
      headerColor: { pc: def.theme.primary, sp: def.theme.primary },
      headerLogo: { pc: true, sp: def.displayType === 'fusion' },
    },
    currency: 'JPY',
    payment: {
      // Obviously fake test credentials: the gateway simulator accepts them, real gateways never would.
      cardProviderKeys: {
        gmo: `tshop_test_${slugKey(def.code)}`,
        stripe: `pk_test_kippu_${slugKey(def.code)}_0000000000`,
      },
      merchantIds: { gmo: `test-merchant-${slugKey(def.code)}`, alipay: `test-alipay-${slugKey(def.code)}` },
      deviceFingerprintScriptUrl: def.secondaryCardProcessor ? '/simulator/fingerprint.js' : null,
      secondaryCardProcessor: def.secondaryCardProcessor
        ? {
            tokenScriptUrl: simulatorUrls('token.js'),
            threeDsScriptUrl: simulatorUrls('3ds.js'),
            merchantId: `test-card2-merchant-${slugKey(def.code)}`,
            serviceId: '001',
            postUrl: simulatorUrls('payment'),
          }
        : null,
      thirdProcessor: def.thirdProcessor ? { key: 'test_third_key_0000', environment: 'development' } : null,
    },
    analytics: { tagManagerId: null, gatagKeyUrl: null },
    completePage: { showGoToTicketButton: !def.onlyStartMailConfirm },
    layout: { orderProcedure: def.orderProcedure },
    calendar: { colorized: def.colorizedCalendar },
    appDownloadModalImage: def.appDownloadModal ? '/images/app-download.png' : null,
    holdMinutes: 20,
    fewStockThreshold: def.fewStockThreshold,
  };
  return siteSettingsSchema.parse(settings);
}
