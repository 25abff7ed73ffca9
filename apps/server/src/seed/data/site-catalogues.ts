import type { DemoSiteCode, SalesChannel } from '@kippu/contract';
import type { ProductKey, SetProductKey, TicketTypeKey } from './product-texts.ts';

/** Slots of a time product: every `stepMinutes` from `first` to `last` (Tokyo time), each `stepMinutes` long. */
export interface SlotStock {
  kind: 'slots';
  first: string;
  last: string;
  stepMinutes: number;
  capacity: number;
}
/** One span per open day for a date product. */
export interface DayStock {
  kind: 'day';
  opens: string;
  closes: string;
  capacity: number;
}
/** One span per calendar month start, valid for a year, for a period pass. */
export interface PeriodStock {
  kind: 'period';
  capacity: number;
}
export type Stock = SlotStock | DayStock | PeriodStock;

export interface SiteProduct {
  key: ProductKey;
  channels: SalesChannel[];
  prices: [TicketTypeKey, number][];
  stock: Stock;
  maxQuantity?: number;
  /** Add-ons offered with this product. */
  sets?: SetProductKey[];
}

export interface SiteCatalogue {
  /** ISO weekdays (1 = Monday) with no slots. */
  closedIsoDays: number[];
  setPrices: Partial<Record<SetProductKey, number>>;
  products: SiteProduct[];
}

const ALL_CHANNELS: SalesChannel[] = ['web', 'pos', 'kiosk', 'OTA', 'spot'];
const WEB_SPOT: SalesChannel[] = ['web', 'spot'];
const WEB: SalesChannel[] = ['web'];

const ART_PRICES = (adult: number, university: number, child: number): [TicketTypeKey, number][] => [
  ['adult', adult],
  ['university', university],
  ['child', child],
  ['infant', 0],
];
const slots = (first: string, last: string, stepMinutes: number, capacity: number): SlotStock => ({
  kind: 'slots',
  first,
  last,
  stepMinutes,
  capacity,
});
const annual = (adult: number, child: number): SiteProduct => ({
  key: 'annual',
  channels: WEB,
  prices: [
    ['adult', adult],
    ['child', child],
  ],
  stock: { kind: 'period', capacity: 5000 },
  maxQuantity: 4,
});

export const SITE_CATALOGUES: Record<DemoSiteCode, SiteCatalogue> = {
  BORDERLESS: {
    closedIsoDays: [],
    setPrices: { audioGuide: 800, drink: 600 },
    products: [
      {
        key: 'entry',
        channels: ALL_CHANNELS,
        prices: ART_PRICES(3800, 2800, 1500),
        stock: slots('10:00', '19:30', 30, 200),
        sets: ['audioGuide', 'drink'],
      },
      annual(12000, 6000),
    ],
  },
  LAB_EXHIBITION: {
    closedIsoDays: [2],
    setPrices: { drink: 500 },
    products: [
      {
        key: 'entry',
        channels: WEB_SPOT,
        prices: ART_PRICES(2400, 1800, 1000),
        stock: slots('10:00', '17:30', 30, 80),
      },
      {
        key: 'night',
        channels: WEB,
        prices: ART_PRICES(2800, 2000, 1200),
        stock: slots('18:00', '20:30', 30, 60),
        sets: ['drink'],
      },
    ],
  },
  DEMO: {
    closedIsoDays: [],
    setPrices: { audioGuide: 500 },
    products: [
      {
        key: 'entry',
        channels: ['web', 'pos', 'kiosk', 'spot'],
        prices: [
          ['adult', 3000],
          ['university', 2000],
          ['child', 1000],
          ['senior', 2000],
          ['infant', 0],
        ],
        stock: slots('10:00', '18:00', 60, 50),
        sets: ['audioGuide'],
      },
      {
        key: 'freePreview',
        channels: WEB_SPOT,
        prices: [['participant', 0]],
        stock: slots('10:00', '16:00', 60, 40),
        maxQuantity: 4,
      },
    ],
  },
  RUINS: {
    closedIsoDays: [],
    setPrices: { drink: 700 },
    products: [
      {
        key: 'night',
        channels: WEB_SPOT,
        prices: ART_PRICES(2000, 1500, 800),
        stock: slots('18:00', '21:30', 30, 150),
        sets: ['drink'],
      },
      {
        key: 'entry',
        channels: WEB_SPOT,
        prices: ART_PRICES(1500, 1000, 500),
        stock: slots('10:00', '16:00', 60, 100),
      },
    ],
  },
  IZURA: {
    closedIsoDays: [3],
    setPrices: { teaSet: 900 },
    products: [
      {
        key: 'entry',
        channels: ['web', 'pos', 'kiosk'],
        prices: ART_PRICES(1800, 1200, 800),
        stock: slots('09:00', '16:00', 60, 100),
        sets: ['teaSet'],
      },
      {
        key: 'night',
        channels: WEB,
        prices: ART_PRICES(2200, 1600, 1000),
        stock: slots('18:00', '20:00', 60, 80),
      },
    ],
  },
  CANCANFACTORY: {
    closedIsoDays: [1],
    setPrices: { drink: 600, teaSet: 900 },
    products: [
      {
        key: 'cafeSeat',
        channels: ['web', 'pos'],
        prices: [
          ['adult', 1200],
          ['child', 600],
        ],
        stock: slots('11:00', '18:00', 60, 40),
        maxQuantity: 6,
        sets: ['drink', 'teaSet'],
      },
      {
        key: 'afternoonTea',
        channels: WEB,
        prices: [
          ['adult', 3200],
          ['child', 1800],
        ],
        stock: slots('14:00', '16:00', 60, 20),
        maxQuantity: 4,
        sets: ['drink'],
      },
    ],
  },
  MORI: {
    closedIsoDays: [],
    setPrices: { audioGuide: 700 },
    products: [
      {
        key: 'entry',
        channels: WEB,
        prices: ART_PRICES(3600, 2600, 1400),
        stock: slots('10:00', '19:30', 30, 150),
        sets: ['audioGuide'],
      },
      annual(11000, 5500),
    ],
  },
  ARTIZON: {
    closedIsoDays: [1],
    setPrices: { audioGuide: 600, catalogue: 2500 },
    products: [
      {
        key: 'museumAdmission',
        channels: ['web', 'pos', 'kiosk', 'OTA'],
        prices: [
          ['adult', 1800],
          ['university', 1200],
          ['highSchoolAndUnder', 0],
        ],
        stock: slots('10:00', '17:30', 30, 100),
        sets: ['audioGuide', 'catalogue'],
      },
      annual(8000, 0),
    ],
  },
  SOFTBANK: {
    closedIsoDays: [],
    setPrices: { drink: 600 },
    products: [
      {
        key: 'entry',
        channels: WEB_SPOT,
        prices: ART_PRICES(3400, 2400, 1400),
        stock: slots('11:00', '20:30', 30, 120),
        sets: ['drink'],
      },
      annual(10000, 5000),
    ],
  },
  NISHINIPPON_PRODUCT: {
    closedIsoDays: [],
    setPrices: { audioGuide: 600 },
    products: [
      {
        key: 'entry',
        channels: WEB,
        prices: ART_PRICES(2500, 1800, 1000),
        stock: slots('10:00', '18:00', 60, 120),
        sets: ['audioGuide'],
      },
      {
        key: 'night',
        channels: WEB,
        prices: ART_PRICES(2800, 2000, 1200),
        stock: slots('18:00', '20:00', 60, 80),
      },
    ],
  },
  NISHINIPPON_DATE: {
    closedIsoDays: [],
    setPrices: {},
    products: [
      {
        key: 'day',
        channels: WEB,
        prices: ART_PRICES(2000, 1500, 800),
        stock: { kind: 'day', opens: '10:00', closes: '19:00', capacity: 1200 },
      },
      {
        key: 'entry',
        channels: WEB,
        prices: ART_PRICES(2500, 1800, 1000),
        stock: slots('10:00', '18:00', 60, 120),
      },
    ],
  },
  NAGAI: {
    closedIsoDays: [1],
    setPrices: { drink: 400, teaSet: 800 },
    products: [
      {
        key: 'day',
        channels: ['web', 'pos', 'kiosk', 'spot'],
        prices: [
          ['adult', 500],
          ['university', 300],
          ['child', 0],
        ],
        stock: { kind: 'day', opens: '09:30', closes: '17:00', capacity: 2000 },
        sets: ['teaSet'],
      },
      {
        key: 'gardenNight',
        channels: WEB_SPOT,
        prices: [
          ['adult', 1000],
          ['university', 700],
          ['child', 500],
          ['infant', 0],
        ],
        stock: slots('18:00', '20:30', 30, 150),
        sets: ['drink'],
      },
      annual(2000, 0),
    ],
  },
  AZABUDAI_BORDERLESS: {
    closedIsoDays: [],
    setPrices: { audioGuide: 800, drink: 700 },
    products: [
      {
        key: 'entry',
        channels: ALL_CHANNELS,
        prices: ART_PRICES(4000, 3000, 1600),
        stock: slots('10:00', '19:30', 30, 200),
        sets: ['audioGuide', 'drink'],
      },
      annual(13000, 6500),
    ],
  },
  OKINAWA: {
    closedIsoDays: [],
    setPrices: { drink: 600 },
    products: [
      {
        key: 'entry',
        channels: WEB_SPOT,
        prices: ART_PRICES(2600, 2000, 1200),
        stock: slots('10:00', '19:30', 30, 100),
      },
      {
        key: 'night',
        channels: WEB_SPOT,
        prices: ART_PRICES(3000, 2200, 1400),
        stock: slots('19:00', '21:00', 60, 80),
        sets: ['drink'],
      },
    ],
  },
};
