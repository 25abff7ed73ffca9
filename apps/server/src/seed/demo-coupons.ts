import { inArray, sql } from 'drizzle-orm';
import type { DemoSiteCode } from '@kippu/contract';
import type { Db } from '../db/client.ts';
import { couponCampaigns, coupons, products } from '../db/schema.ts';
import { productUuid } from './demo-ids.ts';
import { freshDemoSuffix, type DemoSecrets } from './demo-secrets.ts';
import { t6, type Texts6 } from './localized.ts';
import { siteCodesPresent } from './sites.ts';

interface DemoCoupon {
  site: DemoSiteCode;
  code: string;
  names: Texts6;
  campaign: string;
  type: 'percent' | 'fixed';
  value: number;
  invitation?: boolean;
  usageLimit?: number;
  validFrom?: string;
  validTo?: string;
  coverageFrom?: string;
  coverageTo?: string;
  channels?: string[];
  /** Demo product keys of the coupon's site (seed/data/site-catalogues.ts); none means every product. */
  productKeys?: string[];
  enabled?: boolean;
}

const WELCOME = 'demo-welcome';
const INVITATION = 'demo-invitation';

/**
 * A 10 % web code for each site that had none (issue 32). Added after migration 0700, so never written
 * unmarked: the seed marks them demo from the start, and 0700's backfill does not list them.
 */
export const SITE_WELCOME_CODES = [
  ['LAB_EXHIBITION', 'LAB10'],
  ['RUINS', 'RUINS10'],
  ['CANCANFACTORY', 'CANCAN10'],
  ['MORI', 'MORI10'],
  ['ARTIZON', 'ARTIZON10'],
  ['SOFTBANK', 'SOFTBANK10'],
  ['NISHINIPPON_PRODUCT', 'NISHIPRODUCT10'],
  ['NISHINIPPON_DATE', 'NISHIDATE10'],
  ['NAGAI', 'NAGAI10'],
  ['AZABUDAI_BORDERLESS', 'AZABUDAI10'],
  ['OKINAWA', 'OKINAWA10'],
] as const satisfies readonly (readonly [DemoSiteCode, string])[];

/** Every kind of coupon and every coupon error, one code each; docs/demo-coupons.md lists them. */
const DEMO_COUPONS: DemoCoupon[] = [
  {
    site: 'DEMO',
    code: 'DEMO10',
    names: ['10%オフクーポン', '10% off', '九折优惠券', '10% 할인 쿠폰', '九折優惠券', 'คูปองลด 10%'],
    campaign: WELCOME,
    type: 'percent',
    value: 10,
    channels: ['web', 'spot'],
  },
  {
    site: 'DEMO',
    code: 'DEMO500',
    names: [
      '500円引きクーポン',
      '¥500 off',
      '立减500日元',
      '500엔 할인 쿠폰',
      '折抵500日圓',
      'คูปองลด 500 เยน',
    ],
    campaign: WELCOME,
    type: 'fixed',
    value: 500,
    channels: ['web', 'spot'],
  },
  {
    site: 'DEMO',
    code: 'DEMO-LIMITED',
    names: [
      '先着3名様20%オフ',
      '20% off, first 3 only',
      '前3名八折',
      '선착순 3명 20% 할인',
      '前3名八折',
      'ลด 20% เฉพาะ 3 คนแรก',
    ],
    campaign: WELCOME,
    type: 'percent',
    value: 20,
    usageLimit: 3,
  },
  {
    site: 'DEMO',
    code: 'DEMO-ENTRY',
    names: [
      '展示入場券15%オフ',
      '15% off exhibition entry',
      '展览门票八五折',
      '전시 입장권 15% 할인',
      '展覽門票八五折',
      'ลด 15% บัตรเข้าชมนิทรรศการ',
    ],
    campaign: WELCOME,
    type: 'percent',
    value: 15,
    productKeys: ['entry'],
  },
  {
    site: 'DEMO',
    code: 'DEMO-SPOT',
    names: [
      '当日窓口300円引き',
      '¥300 off at the venue',
      '现场购票立减300日元',
      '현장 구매 300엔 할인',
      '現場購票折抵300日圓',
      'ลด 300 เยนที่หน้างาน',
    ],
    campaign: WELCOME,
    type: 'fixed',
    value: 300,
    channels: ['spot'],
  },
  {
    site: 'DEMO',
    code: 'DEMO-SUMMER',
    names: [
      'サマーキャンペーン5%オフ',
      'Summer campaign 5% off',
      '夏季活动九五折',
      '여름 캠페인 5% 할인',
      '夏季活動九五折',
      'แคมเปญฤดูร้อนลด 5%',
    ],
    campaign: 'demo-summer',
    type: 'percent',
    value: 5,
  },
  ...[1, 2, 3].map((n): DemoCoupon => ({
    site: 'DEMO',
    code: `DEMO-INVITE-${n}`,
    names: ['ご招待券', 'Invitation', '招待券', '초대권', '招待券', 'บัตรเชิญ'],
    campaign: INVITATION,
    type: 'fixed',
    value: 0,
    invitation: true,
    usageLimit: 1,
  })),
  {
    site: 'DEMO',
    code: 'DEMO-FREE',
    names: ['全額割引クーポン', '100% off', '全额优惠券', '전액 할인 쿠폰', '全額優惠券', 'คูปองลด 100%'],
    campaign: WELCOME,
    type: 'percent',
    value: 100,
  },
  {
    site: 'DEMO',
    code: 'DEMO-BIG',
    names: [
      '10万円引きクーポン',
      '¥100,000 off',
      '立减10万日元',
      '10만 엔 할인 쿠폰',
      '折抵10萬日圓',
      'คูปองลด 100,000 เยน',
    ],
    campaign: WELCOME,
    type: 'fixed',
    value: 100_000,
  },
  {
    site: 'DEMO',
    code: 'DEMO-EXPIRED',
    names: [
      '終了したキャンペーン',
      'Ended campaign',
      '已结束的活动',
      '종료된 캠페인',
      '已結束的活動',
      'แคมเปญที่สิ้นสุดแล้ว',
    ],
    campaign: WELCOME,
    type: 'percent',
    value: 10,
    validFrom: '2020-01-01T00:00:00+09:00',
    validTo: '2020-12-31T23:59:59+09:00',
  },
  {
    site: 'DEMO',
    code: 'DEMO-SOON',
    names: [
      '近日開始のクーポン',
      'Coming soon',
      '即将开始的优惠券',
      '곧 시작하는 쿠폰',
      '即將開始的優惠券',
      'คูปองที่จะเริ่มเร็ว ๆ นี้',
    ],
    campaign: WELCOME,
    type: 'percent',
    value: 10,
    validFrom: '2099-01-01T00:00:00+09:00',
  },
  {
    site: 'DEMO',
    code: 'DEMO-OFF',
    names: [
      '停止中のクーポン',
      'Suspended coupon',
      '已停用的优惠券',
      '중지된 쿠폰',
      '已停用的優惠券',
      'คูปองที่ระงับไว้',
    ],
    campaign: WELCOME,
    type: 'percent',
    value: 10,
    enabled: false,
  },
  {
    site: 'DEMO',
    code: 'DEMO-2099',
    names: [
      '2099年来場限定',
      'Visits in 2099 only',
      '仅限2099年入场',
      '2099년 입장 한정',
      '僅限2099年入場',
      'เฉพาะการเข้าชมปี 2099',
    ],
    campaign: WELCOME,
    type: 'percent',
    value: 10,
    coverageFrom: '2099-01-01',
    coverageTo: '2099-12-31',
  },
  {
    site: 'DEMO',
    code: 'DEMO-FUTURE-CAMPAIGN',
    names: [
      '来期キャンペーン',
      'Next season campaign',
      '下季活动',
      '다음 시즌 캠페인',
      '下季活動',
      'แคมเปญฤดูกาลหน้า',
    ],
    campaign: 'demo-future',
    type: 'percent',
    value: 10,
  },
  {
    site: 'DEMO',
    code: 'DEMO-BROKEN',
    names: [
      '設定誤りのクーポン',
      'Misconfigured coupon',
      '设置错误的优惠券',
      '설정 오류 쿠폰',
      '設定錯誤的優惠券',
      'คูปองที่ตั้งค่าผิด',
    ],
    campaign: WELCOME,
    type: 'percent',
    value: 150,
  },
  {
    site: 'BORDERLESS',
    code: 'WELCOME10',
    names: ['ようこそ10%オフ', 'Welcome 10% off', '欢迎九折', '환영 10% 할인', '歡迎九折', 'ต้อนรับลด 10%'],
    campaign: WELCOME,
    type: 'percent',
    value: 10,
    channels: ['web', 'spot'],
  },
  {
    site: 'IZURA',
    code: 'IZURA10',
    names: [
      '五浦10%オフクーポン',
      'Izura 10% off',
      '五浦九折优惠券',
      '이즈라 10% 할인 쿠폰',
      '五浦九折優惠券',
      'คูปองอิซุระลด 10%',
    ],
    campaign: WELCOME,
    type: 'percent',
    value: 10,
  },
  // One working web code on every other site that sells on the web (issue 32: a visitor trying
  // OKINAWA or SOFTBANK had none); demo-coupons.integration.test.ts checks each site has one.
  ...SITE_WELCOME_CODES.map(([site, code]): DemoCoupon => ({
    site,
    code,
    names: ['ようこそ10%オフ', 'Welcome 10% off', '欢迎九折', '환영 10% 할인', '歡迎九折', 'ต้อนรับลด 10%'],
    campaign: WELCOME,
    type: 'percent',
    value: 10,
  })),
  ...[1, 2].map((n): DemoCoupon => ({
    site: 'BORDERLESS',
    code: `INVITE-${n}`,
    names: ['ご招待券', 'Invitation', '招待券', '초대권', '招待券', 'บัตรเชิญ'],
    campaign: INVITATION,
    type: 'fixed',
    value: 0,
    invitation: true,
    usageLimit: 1,
  })),
];

/** The repository's demo codes (public in docs/demo-coupons.md): production refuses them on demo rows. */
export const REPOSITORY_COUPON_CODES: readonly { site: DemoSiteCode; code: string }[] = DEMO_COUPONS.map(
  ({ site, code }) => ({ site, code }),
);

/** Campaign-wide coverage (migration 0400): DEMO-FUTURE-CAMPAIGN's campaign covers visits in 2099 only. */
const DEMO_CAMPAIGNS = [
  { siteCode: 'DEMO', campaign: 'demo-future', coverageFrom: '2099-01-01', coverageTo: '2099-12-31' },
];

/** Sites that already have demo coupons (whatever their codes): a fresh-code seed leaves them alone. */
async function sitesWithDemoCoupons(db: Db): Promise<Set<string>> {
  const { rows } = await db.execute<{ site_code: string }>(
    sql`SELECT DISTINCT site_code FROM coupons WHERE is_demo`,
  );
  return new Set(rows.map((row) => row.site_code));
}

/**
 * Demo coupons of every kind on the sites that exist, marked as demo. Idempotent: an existing (site, code)
 * is left as it is, so uses taken while trying the demo are kept across restarts. With fresh secrets (an
 * explicit production demo, ADR 048) each code gets a random suffix (`DEMO-FREE-K3ZQ7M2P4A`), and a site
 * that has demo coupons already gets none (its codes differ from these on every run).
 */
export async function seedDemoCoupons(db: Db, secrets: DemoSecrets = 'repository'): Promise<void> {
  const existing = await siteCodesPresent(db);
  const seeded = secrets === 'fresh' ? await sitesWithDemoCoupons(db) : new Set<string>();
  const wanted = DEMO_COUPONS.filter((coupon) => existing.has(coupon.site) && !seeded.has(coupon.site));
  if (wanted.length === 0) return;

  const uuids = wanted.flatMap((c) => (c.productKeys ?? []).map((key) => productUuid(c.site, key)));
  const productIdByUuid = new Map(
    uuids.length === 0
      ? []
      : (
          await db
            .select({ id: products.id, uuid: products.uuid })
            .from(products)
            .where(inArray(products.uuid, uuids))
        ).map((p) => [p.uuid, p.id] as const),
  );

  const rows = wanted.flatMap((c) => {
    const productIds = c.productKeys?.map((key) => productIdByUuid.get(productUuid(c.site, key)));
    // A product-bound coupon whose product is not seeded would cover nothing: leave it out.
    if (productIds?.some((id) => id === undefined)) return [];
    return [
      {
        siteCode: c.site,
        code: secrets === 'fresh' ? `${c.code}-${freshDemoSuffix()}` : c.code,
        names: t6(c.names),
        campaign: c.campaign,
        discountType: c.type,
        discountValue: c.value,
        isInvitation: c.invitation ?? false,
        usageLimit: c.usageLimit ?? null,
        validFrom: c.validFrom ? new Date(c.validFrom) : null,
        validTo: c.validTo ? new Date(c.validTo) : null,
        coverageFrom: c.coverageFrom ?? null,
        coverageTo: c.coverageTo ?? null,
        channels: c.channels ?? ['web'],
        productIds: (productIds as number[] | undefined) ?? null,
        enabled: c.enabled ?? true,
        isDemo: true,
      },
    ];
  });
  if (rows.length > 0) {
    await db
      .insert(coupons)
      .values(rows)
      .onConflictDoNothing({ target: [coupons.siteCode, coupons.code] });
  }
  const campaigns = DEMO_CAMPAIGNS.filter((campaign) => existing.has(campaign.siteCode)).map((campaign) => ({
    ...campaign,
    isDemo: true,
  }));
  if (campaigns.length > 0) await db.insert(couponCampaigns).values(campaigns).onConflictDoNothing();
}
