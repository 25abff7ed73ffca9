import {
  LANG_CODES,
  storedSiteSettingsSchema,
  type StoredOptionList,
  type StoredSiteSettings,
} from '@kippu/contract';
import type { ResidenceList, SiteDefinition } from './data/site-definitions.ts';
import { t6 } from './localized.ts';
import type { ReferenceOptionList } from './option-lists.ts';

const TICKETS_WORD = {
  ja: 'チケット',
  en: 'Tickets',
  'zh-hans': '门票',
  kr: '티켓',
  'zh-hant': '門票',
  th: 'บัตรเข้าชม',
};

/** A select list the server keeps current (ADR 013): the document names it instead of copying it. */
const shared = (list: ReferenceOptionList): StoredOptionList => ({ list });

const RESIDENCE_OPTIONS: Record<ResidenceList, StoredOptionList> = {
  prefectures: shared('prefectures'),
  regions: shared('japan_regions'),
  countries: shared('countries'),
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

/**
 * The starting settings document of a reference site (stored once, then the operator's). Throws if the
 * document breaks the contract. Server-only values are columns (seed/sites.ts).
 */
export function buildSiteSettings(def: SiteDefinition): StoredSiteSettings {
  const name = t6(def.name);
  const pageTitle = Object.fromEntries(
    LANG_CODES.map((lang) => [lang, `${name[lang]} | ${TICKETS_WORD[lang]}`]),
  ) as StoredSiteSettings['pageTitle'];
  const settings: StoredSiteSettings = {
    kind: def.kind,
    name,
    isMailConfirm: true,
    isOnlyStartMailConfirm: def.onlyStartMailConfirm ?? false,
    isUseMembershipLogin: def.membershipLogin ?? false,
    pageTitle,
    theme: def.theme,
    // The boxes the logo is drawn in (ADR 116): room for the drawn wordmark's name on two lines at most,
    // beside the language picker on a 375 px phone.
    logo: {
      variant: def.dark ? 'white' : 'black',
      pc: { width: 440, height: 36 },
      sp: { width: 200, height: 24 },
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
        options: RESIDENCE_OPTIONS[def.residence],
      },
      genderOptions: shared(def.gender === 'binary' ? 'gender_binary' : 'gender_with_undisclosed'),
      ageOptions: shared(def.ageBands === 'decades' ? 'age_decades' : 'age_adult_bands'),
      question1Items: shared('heard_about_us'),
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
      // A site's own SBPS merchant (`softbank`, `softbank_service`; ADR 101) is read against the real gateway
      // only; the simulator knows its one test merchant. GMO-PG is named by its shop id above, so none here.
      merchantIds: {},
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
    ...(def.followBrowserLanguage ? { language: { followBrowser: true } } : {}),
    appDownloadModalImage: def.appDownloadModal ? '/images/app-download.png' : null,
    // The demo operator issues receipts under the venue's name (ADR 023).
    receipt: { issuerName: name, registrationNumber: def.invoiceRegistrationNumber },
  };
  return storedSiteSettingsSchema.parse(settings);
}
