import type { DemoSiteCode, OrderProcedure, SiteMode, SiteSettings } from '@kippu/contract';
import type { Texts6 } from '../localized.ts';

export type ResidenceList = 'prefectures' | 'regions' | 'countries' | 'text';

/** The parts of a site's settings that differ between the demo sites; sites.ts fills in the rest. */
export interface SiteDefinition {
  code: DemoSiteCode;
  /**
   * The operator's qualified-invoice registration number printed on receipts (T + 13 digits, a valid check
   * digit; demo values, ADR 023). Both West Japan sites are one operator, so they share one.
   */
  invoiceRegistrationNumber: string;
  kind: SiteSettings['kind'];
  name: Texts6;
  orderProcedure: OrderProcedure;
  /** Dark page background: white logo. */
  dark: boolean;
  theme: SiteSettings['theme'];
  colorizedCalendar: boolean;
  residence: ResidenceList;
  ageBands: 'decades' | 'adult';
  gender: 'binary' | 'undisclosed';
  displayType: 'fusion' | 'separate';
  /** About 10% of a typical slot of the site's main product. */
  fewStockThreshold: number;
  /** The site's starting mode (`sites.mode`, ADR 112 addendum); most sites have none. */
  mode?: SiteMode;
  /** The site's own hold time; most sites leave it to HOLD_MINUTES. */
  holdMinutes?: number;
  footer: Partial<Omit<SiteSettings['footer'], 'extraLinks'>> & {
    extraLinks?: { label: Texts6; url: string }[];
  };
  /** Card processors beyond the default one. */
  secondaryCardProcessor?: boolean;
  thirdProcessor?: boolean;
  onlyStartMailConfirm?: boolean;
  membershipLogin?: boolean;
  appDownloadModal?: boolean;
  /** A first visit opens in the browser's preferred language (ADR 110): the spot posters' site. */
  followBrowserLanguage?: boolean;
}

const DARK_BG = '#0b0b12';

/**
 * The 14 demo venues. Names are Kippu's own. Order procedures follow spec §9; for the sites the spec does
 * not name: date first where visitors plan a visit day (BORDERLESS, MORI), product first where the choice
 * of exhibition or pass comes first (LAB_EXHIBITION, ARTIZON, SOFTBANK). See ADR 005.
 */

/** Both West Japan sites belong to one operator and share its footer. */
const WEST_JAPAN_FOOTER = {
  showProviderBrand: true,
  // The operator's retail group and its bank card (stand-in marks, issue 32 item 29).
  partnerBrands: ['retail', 'bank'] as ('retail' | 'bank')[],
  copyright: '© Kippu West Japan',
  helpUrl: 'https://help.kippu.example/west',
  termsUrl: 'https://west.kippu.example/terms',
  legalNoticeUrl: 'https://west.kippu.example/legal',
  privacyUrl: 'https://west.kippu.example/privacy',
};

export const SITE_DEFINITIONS: SiteDefinition[] = [
  {
    code: 'BORDERLESS',
    invoiceRegistrationNumber: 'T6010001000001',
    kind: 'art',
    name: [
      'キップ ボーダーレス ミュージアム',
      'Kippu Borderless Museum',
      'Kippu 无界数字艺术馆',
      '킵푸 보더리스 뮤지엄',
      'Kippu 無界數位藝術館',
      'พิพิธภัณฑ์คิปปุ บอร์เดอร์เลส',
    ],
    orderProcedure: 'selectDateBeforeProduct',
    dark: true,
    theme: { primary: '#c2185b', onPrimary: '#ffffff', accent: '#ffd54f', background: DARK_BG },
    colorizedCalendar: true,
    residence: 'prefectures',
    ageBands: 'decades',
    gender: 'undisclosed',
    displayType: 'fusion',
    fewStockThreshold: 20,
    footer: {
      appDownloadUrl: 'https://app.kippu.example/download',
      exhibitionInfoUrl: 'https://kippu.example/borderless/',
      helpUrl: 'https://help.kippu.example/borderless',
    },
    appDownloadModal: true,
  },
  {
    code: 'LAB_EXHIBITION',
    invoiceRegistrationNumber: 'T5010001000002',
    kind: 'art',
    name: [
      'キップ ライトラボ展',
      'Kippu Light Lab Exhibition',
      'Kippu 光之实验室展',
      '킵푸 라이트 랩 전시',
      'Kippu 光之實驗室展',
      'นิทรรศการคิปปุ ไลท์แล็บ',
    ],
    orderProcedure: 'selectProductBeforeDate',
    dark: true,
    theme: { primary: '#00727d', onPrimary: '#ffffff', accent: '#80deea', background: '#101418' },
    colorizedCalendar: false,
    residence: 'text',
    ageBands: 'decades',
    gender: 'undisclosed',
    displayType: 'fusion',
    fewStockThreshold: 8,
    footer: { exhibitionInfoUrl: 'https://kippu.example/lab/', helpUrl: 'https://help.kippu.example/lab' },
  },
  {
    code: 'DEMO',
    invoiceRegistrationNumber: 'T4010001000003',
    kind: 'art',
    name: [
      'キップ デモ展覧会',
      'Kippu Demo Exhibition',
      'Kippu 演示展览',
      '킵푸 데모 전시회',
      'Kippu 示範展覽',
      'นิทรรศการสาธิตคิปปุ',
    ],
    orderProcedure: 'selectProductBeforeDate',
    dark: false,
    theme: { primary: '#3949ab', onPrimary: '#ffffff', accent: '#e64a19', background: '#ffffff' },
    colorizedCalendar: true,
    residence: 'prefectures',
    ageBands: 'decades',
    gender: 'binary',
    displayType: 'fusion',
    fewStockThreshold: 5,
    mode: 'demo',
    footer: { helpUrl: 'https://help.kippu.example/demo' },
  },
  {
    code: 'RUINS',
    invoiceRegistrationNumber: 'T3010001000004',
    kind: 'art',
    name: [
      'キップ 遺跡と光のアート展',
      'Kippu Lights in the Ruins',
      'Kippu 遗迹光影艺术展',
      '킵푸 유적과 빛의 아트전',
      'Kippu 遺跡光影藝術展',
      'นิทรรศการคิปปุ แสงแห่งซากโบราณ',
    ],
    orderProcedure: 'selectProductBeforeDate',
    dark: true,
    theme: { primary: '#bf360c', onPrimary: '#ffffff', accent: '#ffcc80', background: '#1a1110' },
    colorizedCalendar: true,
    residence: 'prefectures',
    ageBands: 'decades',
    gender: 'binary',
    displayType: 'fusion',
    fewStockThreshold: 15,
    // Open-air: its gate devices and signage run on patchy outdoor Wi-Fi (ADR 112).
    mode: 'reconnect',
    // Visitors scan its spot posters with their own phones, in their own languages (issue 32, ADR 110).
    followBrowserLanguage: true,
    footer: {
      exhibitionInfoUrl: 'https://kippu.example/ruins/',
      helpUrl: 'https://help.kippu.example/ruins',
    },
  },
  {
    code: 'IZURA',
    invoiceRegistrationNumber: 'T2010001000005',
    kind: 'art',
    name: [
      'キップ 五浦 海辺のアート',
      'Kippu Izura Seaside Art',
      'Kippu 五浦海边艺术展',
      '킵푸 이즈라 해변 아트',
      'Kippu 五浦海邊藝術展',
      'ศิลปะริมทะเลอิซุระ คิปปุ',
    ],
    orderProcedure: 'selectDateBeforeProduct',
    dark: false,
    theme: { primary: '#0d47a1', onPrimary: '#ffffff', accent: '#0277bd', background: '#f5f9ff' },
    colorizedCalendar: true,
    residence: 'prefectures',
    ageBands: 'decades',
    gender: 'binary',
    displayType: 'fusion',
    fewStockThreshold: 10,
    footer: { helpUrl: 'https://help.kippu.example/izura' },
  },
  {
    code: 'CANCANFACTORY',
    invoiceRegistrationNumber: 'T1010001000006',
    kind: 'cafe',
    name: [
      'キップ カンカン ファクトリー カフェ',
      'Kippu Can Can Factory Cafe',
      'Kippu 罐罐工坊咖啡',
      '킵푸 캉캉 팩토리 카페',
      'Kippu 罐罐工坊咖啡',
      'คาเฟ่คิปปุ แคนแคน แฟกทอรี',
    ],
    orderProcedure: 'selectDateBeforeProduct',
    dark: false,
    theme: { primary: '#6d4c41', onPrimary: '#ffffff', accent: '#d84315', background: '#fffaf5' },
    colorizedCalendar: false,
    residence: 'prefectures',
    ageBands: 'decades',
    gender: 'binary',
    displayType: 'separate',
    fewStockThreshold: 4,
    footer: { helpUrl: 'https://help.kippu.example/cafe' },
  },
  {
    code: 'MORI',
    invoiceRegistrationNumber: 'T9010001000007',
    kind: 'art',
    name: [
      'キップ 森のアートミュージアム',
      'Kippu Forest Art Museum',
      'Kippu 森林艺术馆',
      '킵푸 숲의 아트 뮤지엄',
      'Kippu 森林藝術館',
      'พิพิธภัณฑ์ศิลปะแห่งป่า คิปปุ',
    ],
    orderProcedure: 'selectDateBeforeProduct',
    dark: false,
    theme: { primary: '#2e7d32', onPrimary: '#ffffff', accent: '#558b2f', background: '#fbfdf8' },
    colorizedCalendar: true,
    residence: 'prefectures',
    ageBands: 'decades',
    gender: 'undisclosed',
    displayType: 'fusion',
    fewStockThreshold: 15,
    footer: { helpUrl: 'https://help.kippu.example/mori' },
    onlyStartMailConfirm: true,
  },
  {
    code: 'ARTIZON',
    invoiceRegistrationNumber: 'T8010001000008',
    kind: 'museum',
    name: [
      'キップ 美術館',
      'Kippu Museum of Fine Arts',
      'Kippu 美术馆',
      '킵푸 미술관',
      'Kippu 美術館',
      'พิพิธภัณฑ์ศิลปะคิปปุ',
    ],
    orderProcedure: 'selectProductBeforeDate',
    dark: false,
    theme: { primary: '#212121', onPrimary: '#ffffff', accent: '#8d6e3f', background: '#ffffff' },
    colorizedCalendar: false,
    residence: 'prefectures',
    ageBands: 'decades',
    gender: 'undisclosed',
    displayType: 'separate',
    fewStockThreshold: 10,
    // Members' orders ask for a postal address (seed/field-templates.ts): a longer form, a longer hold.
    holdMinutes: 30,
    footer: {
      exhibitionInfoUrl: 'https://museum.kippu.example/exhibitions',
      helpUrl: 'https://museum.kippu.example/faq',
      extraLinks: [
        {
          label: ['会員のご案内', 'Membership', '会员介绍', '회원 안내', '會員介紹', 'ข้อมูลสมาชิก'],
          url: 'https://museum.kippu.example/membership',
        },
        // The second extra link (spec §2 "two extra links"; issue 32 item 30): the one demo site with both.
        {
          label: ['アクセス', 'Access', '交通指南', '오시는 길', '交通資訊', 'การเดินทาง'],
          url: 'https://museum.kippu.example/access',
        },
      ],
    },
    membershipLogin: true,
  },
  {
    code: 'SOFTBANK',
    invoiceRegistrationNumber: 'T7010001000009',
    kind: 'art',
    name: [
      'キップ コネクテッド アートホール',
      'Kippu Connected Art Hall',
      'Kippu 互联艺术馆',
      '킵푸 커넥티드 아트홀',
      'Kippu 互聯藝術館',
      'ฮอลล์ศิลปะคิปปุ คอนเน็กเต็ด',
    ],
    orderProcedure: 'selectProductBeforeDate',
    dark: false,
    theme: { primary: '#ffc400', onPrimary: '#1a1a1a', accent: '#263238', background: '#ffffff' },
    colorizedCalendar: true,
    residence: 'prefectures',
    ageBands: 'adult',
    gender: 'undisclosed',
    displayType: 'fusion',
    fewStockThreshold: 12,
    footer: {
      showProviderBrand: true,
      copyright: '© Kippu Connected Art Hall',
      partnerBrands: ['telecom'],
      helpUrl: 'https://help.connected-art.example/',
      termsUrl: 'https://connected-art.example/terms',
      privacyUrl: 'https://connected-art.example/privacy',
    },
    secondaryCardProcessor: true,
  },
  {
    code: 'NISHINIPPON_PRODUCT',
    invoiceRegistrationNumber: 'T5010001000010',
    kind: 'art',
    name: [
      'キップ 西日本アートツアー',
      'Kippu West Japan Art Tour',
      'Kippu 西日本艺术之旅',
      '킵푸 서일본 아트 투어',
      'Kippu 西日本藝術之旅',
      'ทัวร์ศิลปะญี่ปุ่นตะวันตก คิปปุ',
    ],
    orderProcedure: 'selectProductBeforeDate',
    dark: false,
    theme: { primary: '#ad1457', onPrimary: '#ffffff', accent: '#d81b60', background: '#ffffff' },
    colorizedCalendar: true,
    residence: 'regions',
    ageBands: 'decades',
    gender: 'binary',
    displayType: 'fusion',
    fewStockThreshold: 12,
    footer: WEST_JAPAN_FOOTER,
    secondaryCardProcessor: true,
  },
  {
    code: 'NISHINIPPON_DATE',
    invoiceRegistrationNumber: 'T5010001000010',
    kind: 'art',
    name: [
      'キップ 西日本アートデイズ',
      'Kippu West Japan Art Days',
      'Kippu 西日本艺术日',
      '킵푸 서일본 아트 데이즈',
      'Kippu 西日本藝術日',
      'อาร์ตเดย์ญี่ปุ่นตะวันตก คิปปุ',
    ],
    orderProcedure: 'selectDateBeforeProduct',
    dark: false,
    theme: { primary: '#4527a0', onPrimary: '#ffffff', accent: '#7e57c2', background: '#ffffff' },
    colorizedCalendar: true,
    residence: 'regions',
    ageBands: 'decades',
    gender: 'binary',
    displayType: 'fusion',
    fewStockThreshold: 12,
    footer: WEST_JAPAN_FOOTER,
  },
  {
    code: 'NAGAI',
    invoiceRegistrationNumber: 'T3010001000012',
    kind: 'garden',
    name: [
      'キップ 長居植物園',
      'Kippu Nagai Botanical Garden',
      'Kippu 长居植物园',
      '킵푸 나가이 식물원',
      'Kippu 長居植物園',
      'สวนพฤกษศาสตร์นางาอิ คิปปุ',
    ],
    orderProcedure: 'selectDateBeforeProduct',
    dark: false,
    theme: { primary: '#1b5e20', onPrimary: '#ffffff', accent: '#e65100', background: '#f7fbf4' },
    colorizedCalendar: true,
    residence: 'prefectures',
    ageBands: 'decades',
    gender: 'binary',
    displayType: 'separate',
    fewStockThreshold: 15,
    footer: {
      showProviderBrand: true,
      copyright: '© Kippu Botanical Trust',
      exhibitionInfoUrl: 'https://garden.kippu.example/seasons',
      helpUrl: 'https://garden.kippu.example/help',
    },
  },
  {
    code: 'AZABUDAI_BORDERLESS',
    invoiceRegistrationNumber: 'T2010001000013',
    kind: 'art',
    name: [
      'キップ ボーダーレス 麻布台',
      'Kippu Borderless Azabudai',
      'Kippu 无界数字艺术馆 麻布台',
      '킵푸 보더리스 아자부다이',
      'Kippu 無界數位藝術館 麻布台',
      'คิปปุ บอร์เดอร์เลส อาซาบุได',
    ],
    orderProcedure: 'selectDateBeforeProduct',
    dark: true,
    theme: { primary: '#7b1fa2', onPrimary: '#ffffff', accent: '#ffd54f', background: '#120a1a' },
    colorizedCalendar: true,
    residence: 'countries',
    ageBands: 'adult',
    gender: 'undisclosed',
    displayType: 'fusion',
    fewStockThreshold: 20,
    footer: {
      appDownloadUrl: 'https://app.kippu.example/download',
      exhibitionInfoUrl: 'https://kippu.example/azabudai/',
      helpUrl: 'https://help.kippu.example/azabudai',
    },
    thirdProcessor: true,
    appDownloadModal: true,
  },
  {
    code: 'OKINAWA',
    invoiceRegistrationNumber: 'T1010001000014',
    kind: 'art',
    name: [
      'キップ 沖縄 光のアート展',
      'Kippu Okinawa Art of Light',
      'Kippu 冲绳光之艺术展',
      '킵푸 오키나와 빛의 아트전',
      'Kippu 沖繩光之藝術展',
      'นิทรรศการศิลปะแห่งแสงโอกินาวะ คิปปุ',
    ],
    orderProcedure: 'selectProductBeforeDate',
    dark: false,
    theme: { primary: '#00695c', onPrimary: '#ffffff', accent: '#b26a00', background: '#f4fbfa' },
    colorizedCalendar: true,
    residence: 'countries',
    ageBands: 'adult',
    gender: 'undisclosed',
    displayType: 'fusion',
    fewStockThreshold: 10,
    footer: {
      exhibitionInfoUrl: 'https://kippu.example/okinawa/',
      helpUrl: 'https://help.kippu.example/okinawa',
      // The resort hotel group the venue sits in (a stand-in mark, issue 32 item 29).
      partnerBrands: ['resort'],
    },
  },
];
