import { LANG_CODES } from '@kippu/contract/enums';
import type { ConfigurationResponse, SiteSettings } from '@kippu/contract/site-settings';
import { checkoutConfiguration } from '../features/booking/checkout-page/test-doubles.ts';
import type { SettingEntry } from './registry-types.ts';
import { withPath } from './setting-leaves.ts';
import { chrome, complete, firstVisit, gateOffline, order, printLogo, signIn, ticket } from './screens.tsx';

/** The configuration every entry starts from: a complete, valid site (date first, coloured calendar). */
export function baseConfiguration(): ConfigurationResponse {
  return checkoutConfiguration({
    layout: { orderProcedure: 'selectDateBeforeProduct' },
    calendar: { colorized: true },
  });
}

const every = (text: string) =>
  Object.fromEntries(LANG_CODES.map((lang) => [lang, `${text} (${lang})`])) as SiteSettings['name'];
const set =
  (path: string, value: unknown) =>
  (config: ConfigurationResponse): ConfigurationResponse =>
    withPath(config, `settings.${path}`, value);
/** An option list whose second item (after "not selected") is labelled differently. */
const relabel =
  (path: string, read: (settings: SiteSettings) => SiteSettings['signIn']['genderOptions']) =>
  (config: ConfigurationResponse): ConfigurationResponse =>
    withPath(
      config,
      `settings.${path}`,
      read(config.settings).map((item, index) =>
        index === 1 ? { ...item, text: every('Relabelled') } : item,
      ),
    );

const LAYOUT = ['app/layout/site-header.tsx', 'features/sites/site-logo.tsx'];
const FOOTER = ['app/layout/site-footer.tsx', 'app/layout/footer-links.ts'];
const SIGN_IN = ['features/booking/sign-in/sign-in-fields.ts'];
const TICKET = ['features/tickets/ticket/ticket-parts.tsx'];

/** Settings the visitor web app reads, each with the screen where a change shows (issue 32, ADR 115). */
export const SETTING_ENTRIES: SettingEntry[] = [
  { path: 'kind', readers: ['features/sites/site-logo.tsx'], flip: set('kind', 'garden'), look: chrome },
  { path: 'name', readers: FOOTER.slice(0, 1), flip: set('name', every('Tide Garden')), look: chrome },
  {
    path: 'isMailConfirm',
    readers: ['features/booking/sign-in/sign-in-form.tsx'],
    flip: set('isMailConfirm', false),
    look: signIn,
  },
  {
    path: 'isOnlyStartMailConfirm',
    readers: ['app/layout/footer-links.ts', 'features/booking/steps/booking-steps.ts'],
    flip: set('isOnlyStartMailConfirm', true),
    look: chrome,
  },
  {
    path: 'isUseMembershipLogin',
    readers: ['features/booking/steps/booking-steps.ts'],
    flip: set('isUseMembershipLogin', true),
    look: signIn,
  },
  { path: 'pageTitle', readers: ['app/page-title.ts'], flip: set('pageTitle', every('Tide')), look: chrome },
  ...(['primary', 'onPrimary', 'accent', 'background'] as const).map((key) => ({
    path: `theme.${key}`,
    readers: ['app/site-theme.ts'],
    flip: set(`theme.${key}`, '#5a1e6e'),
    look: chrome,
  })),
  { path: 'logo.variant', readers: LAYOUT, flip: set('logo.variant', 'black'), look: chrome },
  {
    path: 'logo.pc.height',
    readers: ['features/sites/site-logo.tsx'],
    flip: set('logo.pc.height', 64),
    look: chrome,
  },
  {
    path: 'logo.sp.height',
    readers: ['features/sites/site-logo.tsx'],
    flip: set('logo.sp.height', 52),
    look: chrome,
  },
  {
    path: 'footer.showProviderBrand',
    readers: FOOTER.slice(0, 1),
    flip: set('footer.showProviderBrand', false),
    look: chrome,
  },
  {
    path: 'footer.copyright',
    readers: FOOTER.slice(0, 1),
    flip: set('footer.copyright', '© Tide Garden'),
    look: chrome,
  },
  ...(
    [
      ['appDownloadUrl', null],
      ['exhibitionInfoUrl', 'https://example.test/now-showing'],
      ['helpUrl', null],
      ['termsUrl', 'https://example.test/own-terms'],
      ['legalNoticeUrl', 'https://example.test/own-notice'],
      ['privacyUrl', 'https://example.test/own-privacy'],
    ] as const
  ).map(([key, value]) => ({
    path: `footer.${key}`,
    readers: ['app/layout/footer-links.ts'],
    flip: set(`footer.${key}`, value),
    look: chrome,
  })),
  {
    path: 'footer.extraLinks',
    readers: ['app/layout/footer-links.ts'],
    flip: set('footer.extraLinks', [
      { label: every('Access'), url: 'https://example.test/access' },
      { label: every('Groups'), url: 'https://example.test/groups' },
    ]),
    look: chrome,
  },
  {
    path: 'signIn.residentArea.inputType',
    readers: SIGN_IN,
    flip: set('signIn.residentArea.inputType', 'text'),
    look: signIn,
  },
  {
    path: 'signIn.residentArea.options',
    readers: SIGN_IN,
    flip: relabel('signIn.residentArea.options', (settings) => settings.signIn.residentArea.options),
    look: signIn,
  },
  ...(['genderOptions', 'ageOptions', 'question1Items'] as const).map((key) => ({
    path: `signIn.${key}`,
    readers: SIGN_IN,
    flip: relabel(`signIn.${key}`, (settings) => settings.signIn[key]),
    look: signIn,
  })),
  {
    path: 'signIn.mailMagazineDefault',
    readers: SIGN_IN,
    flip: set('signIn.mailMagazineDefault', false),
    look: signIn,
  },
  {
    path: 'signIn.teamlabMailMagazineDefault',
    readers: SIGN_IN,
    flip: set('signIn.teamlabMailMagazineDefault', true),
    look: signIn,
  },
  {
    path: 'ticketDisplay.displayType',
    readers: ['features/tickets/ticket/ticket-view.tsx'],
    flip: set('ticketDisplay.displayType', 'separate'),
    look: ticket,
  },
  ...(['pc', 'sp'] as const).flatMap((size) => [
    {
      path: `ticketDisplay.headerColor.${size}`,
      readers: TICKET,
      flip: set(`ticketDisplay.headerColor.${size}`, '#f2b134'),
      look: ticket,
    },
    {
      path: `ticketDisplay.headerLogo.${size}`,
      readers: TICKET,
      flip: set(`ticketDisplay.headerLogo.${size}`, false),
      look: ticket,
    },
  ]),
  {
    path: 'currency',
    readers: ['features/booking/complete/purchase-complete.tsx'],
    flip: set('currency', 'USD'),
    look: complete,
  },
  {
    path: 'analytics.tagManagerId',
    readers: ['shared/analytics/use-tag-manager.ts'],
    flip: set('analytics.tagManagerId', 'GTM-5XKQ2R7'),
    look: chrome,
  },
  {
    path: 'completePage.showGoToTicketButton',
    readers: ['features/booking/complete/purchase-complete.tsx'],
    flip: set('completePage.showGoToTicketButton', false),
    look: complete,
  },
  {
    path: 'layout.orderProcedure',
    readers: ['features/booking/screens/order-screen.tsx'],
    flip: set('layout.orderProcedure', 'selectProductBeforeDate'),
    look: order,
  },
  {
    path: 'calendar.colorized',
    readers: ['features/booking/order/month-calendar.tsx'],
    flip: set('calendar.colorized', false),
    look: order,
  },
  {
    path: 'appDownloadModalImage',
    readers: ['features/first-visit/first-visit-guides.tsx'],
    flip: set('appDownloadModalImage', '/images/app-download.png'),
    look: firstVisit,
  },
  {
    path: 'mode=demo',
    readers: ['features/demo-mode/demo-banner.tsx'],
    flip: (config) => ({ ...config, mode: 'demo' }),
    look: chrome,
  },
  {
    path: 'mode=reconnect',
    readers: ['features/check-in/screens/gate-scanner-screen.tsx'],
    flip: (config) => ({ ...config, mode: 'reconnect' }),
    look: gateOffline,
  },
  {
    path: 'printLogo',
    readers: ['features/tickets/print/print-logo.tsx'],
    flip: set('printLogo', false),
    look: printLogo,
  },
  {
    path: 'images.printLogo',
    readers: ['features/tickets/print/print-logo.tsx'],
    flip: set('images', {
      headerLogoBlack: null,
      headerLogoWhite: null,
      printLogo: `/site-images/${'a'.repeat(64)}.png`,
    }),
    look: printLogo,
  },
  {
    path: 'analytics.gatagKeyUrl',
    readers: ['shared/analytics/use-tag-manager.ts'],
    flip: set('analytics.gatagKeyUrl', 'https://www.googletagmanager.com/gtag/js?id=G-REGISTRY1'),
    look: chrome,
  },
  ...(['pc', 'sp'] as const).map((size) => ({
    path: `logo.${size}.width`,
    readers: ['features/sites/site-logo.tsx'],
    flip: set(`logo.${size}.width`, 321),
    look: chrome,
  })),
  // The header draws the upload of its variant (the base is white; the black one shows on the black variant).
  {
    path: 'images.headerLogoWhite',
    readers: ['features/sites/site-logo.tsx'],
    flip: set('images', {
      headerLogoBlack: null,
      headerLogoWhite: `/site-images/${'b'.repeat(64)}.png`,
      printLogo: null,
    }),
    look: chrome,
  },
  {
    path: 'images.headerLogoBlack',
    readers: ['features/sites/site-logo.tsx'],
    flip: (config) =>
      set('images', {
        headerLogoBlack: `/site-images/${'b'.repeat(64)}.png`,
        headerLogoWhite: null,
        printLogo: null,
      })(set('logo.variant', 'black')(config)),
    look: chrome,
  },
  {
    path: 'footer.partnerBrands',
    readers: ['app/layout/partner-brands.tsx'],
    flip: set('footer.partnerBrands', ['resort', 'bank']),
    look: chrome,
  },
];
