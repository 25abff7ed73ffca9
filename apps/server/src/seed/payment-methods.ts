import type { DemoSiteCode, PaymentMethod, SalesChannel } from '@kippu/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentMethods, paymentMethodTypes } from '../db/schema.ts';
import { t6, type Texts6 } from './localized.ts';
import { siteCodesPresent } from './sites.ts';

// GMO-PG's card and 3-D Secure methods, and every provider's PayPay and Alipay, carry the plain name. A site
// may take cards through two processors (Stripe beside GMO-PG on BORDERLESS, MORI and DEMO, SoftBank beside
// GMO-PG on NISHINIPPON_PRODUCT) and the visitor chooses by name alone, so the other processors' cards say
// whose they are. The plain card methods (gmo, gmo_3ds) are taken by the site's second or third card
// processor where its settings declare one (ADR 101): "credit card" names the method, not the processor. Names follow the code on every start (ADR 013): a rename needs no migration.
const CREDIT_CARD: Texts6 = ['クレジットカード', 'Credit card', '信用卡', '신용카드', '信用卡', 'บัตรเครดิต'];
const CREDIT_CARD_3DS: Texts6 = [
  'クレジットカード(本人認証)',
  'Credit card (3-D Secure)',
  '信用卡(3-D 安全验证)',
  '신용카드(3D 보안 인증)',
  '信用卡(3-D 安全驗證)',
  'บัตรเครดิต (3-D Secure)',
];
const STRIPE_CARD: Texts6 = [
  'クレジットカード(Stripe)',
  'Credit card (Stripe)',
  '信用卡(Stripe)',
  '신용카드(Stripe)',
  '信用卡(Stripe)',
  'บัตรเครดิต (Stripe)',
];
const STRIPE_CARD_3DS: Texts6 = [
  'クレジットカード(Stripe・本人認証)',
  'Credit card (Stripe, 3-D Secure)',
  '信用卡(Stripe，3-D 安全验证)',
  '신용카드(Stripe, 3D 보안 인증)',
  '信用卡(Stripe，3-D 安全驗證)',
  'บัตรเครดิต (Stripe, 3-D Secure)',
];
const SOFTBANK_CARD: Texts6 = [
  'クレジットカード(SBペイメントサービス)',
  'Credit card (SB Payment Service)',
  '信用卡(SB Payment Service)',
  '신용카드(SB Payment Service)',
  '信用卡(SB Payment Service)',
  'บัตรเครดิต (SB Payment Service)',
];
const SOFTBANK_CARD_3DS: Texts6 = [
  'クレジットカード(SBペイメントサービス・本人認証)',
  'Credit card (SB Payment Service, 3-D Secure)',
  '信用卡(SB Payment Service，3-D 安全验证)',
  '신용카드(SB Payment Service, 3D 보안 인증)',
  '信用卡(SB Payment Service，3-D 安全驗證)',
  'บัตรเครดิต (SB Payment Service, 3-D Secure)',
];
const PAYPAY: Texts6 = ['PayPay', 'PayPay', 'PayPay', 'PayPay', 'PayPay', 'PayPay'];
const ALIPAY: Texts6 = ['Alipay', 'Alipay', '支付宝', 'Alipay', '支付寶', 'Alipay'];

const NAMES: Record<PaymentMethod, Texts6> = {
  gmo: CREDIT_CARD,
  gmo_3ds: CREDIT_CARD_3DS,
  gmo_paypay: PAYPAY,
  alipay: ALIPAY,
  stripe: STRIPE_CARD,
  stripe_secure: STRIPE_CARD_3DS,
  softbank_credit: SOFTBANK_CARD,
  softbank_3ds: SOFTBANK_CARD_3DS,
  softbank_alipay: ALIPAY,
  softbank_paypay: PAYPAY,
  d_pay: [
    'キャリア決済',
    'Mobile carrier billing',
    '手机话费支付',
    '휴대폰 결제',
    '電信帳單支付',
    'ชำระผ่านค่าบริการมือถือ',
  ],
  free: [
    'お支払い不要(無料)',
    'No payment needed (free)',
    '无需支付(免费)',
    '결제 불필요(무료)',
    '無需付款(免費)',
    'ไม่ต้องชำระเงิน (ฟรี)',
  ],
  // The counter's methods (staff-side, ADR 077): the names staff and receipts show.
  cash: ['現金', 'Cash', '现金', '현금', '現金', 'เงินสด'],
  card_terminal: [
    'クレジットカード(端末)',
    'Credit card (terminal)',
    '信用卡(刷卡机)',
    '신용카드(단말기)',
    '信用卡(刷卡機)',
    'บัตรเครดิต (เครื่องรูดบัตร)',
  ],
  // A partner's booking, invoiced to the partner (issue 30, ADR 088): offered on the OTA channel only.
  on_account: [
    '売掛(代理店請求)',
    'On account (partner invoice)',
    '挂账(代理商结算)',
    '외상(대리점 청구)',
    '掛帳(代理商結算)',
    'เครดิต (เรียกเก็บจากพันธมิตร)',
  ],
};

type ChannelMethods = Partial<Record<SalesChannel, PaymentMethod[]>>;

const GMO_WEB: PaymentMethod[] = ['gmo_3ds', 'gmo_paypay', 'alipay'];
// The box office (pos) takes cash, the card terminal or nothing (counter family, issue 29; a card through a
// gateway is the kiosk's and the web's); the kiosk keeps the spec's list (ADR 080).
const POS: PaymentMethod[] = ['cash', 'card_terminal', 'free'];
const COUNTER: ChannelMethods = { pos: POS, kiosk: ['gmo', 'free'] };
// Partners' bookings through the partner API (channel OTA, issue 30): on account, at the partner's net prices.
const OTA: PaymentMethod[] = ['free', 'on_account'];

/**
 * Methods per site and channel, in display order. Together they cover every method id; `free` is offered
 * wherever a product has a ticket type priced 0 (an order may then total nothing).
 */
const SITE_METHODS: Record<DemoSiteCode, ChannelMethods> = {
  BORDERLESS: {
    web: ['stripe_secure', 'gmo_3ds', 'gmo_paypay', 'alipay', 'd_pay', 'free'],
    ...COUNTER,
    OTA,
    spot: ['stripe_secure', 'gmo_paypay', 'free'],
  },
  LAB_EXHIBITION: { web: [...GMO_WEB, 'free'], spot: ['gmo_3ds'] },
  DEMO: {
    web: ['stripe', 'gmo', 'gmo_3ds', 'free'],
    ...COUNTER,
    OTA: ['on_account'],
    spot: ['stripe', 'free'],
  },
  RUINS: { web: [...GMO_WEB, 'free'], spot: ['gmo_3ds', 'gmo_paypay'] },
  IZURA: { web: ['gmo_3ds', 'gmo_paypay', 'free'], ...COUNTER },
  CANCANFACTORY: { web: ['gmo_3ds', 'gmo_paypay'], pos: POS },
  // gmo_3ds: an invited visitor can pay by card on the payment screen (the simulator plays it in development).
  MORI: { web: ['stripe_secure', 'gmo_3ds', 'alipay', 'free'] },
  ARTIZON: { web: ['gmo_3ds', 'free'], ...COUNTER, OTA },
  // gmo_3ds on SOFTBANK and AZABUDAI_BORDERLESS: their card method with 3-D Secure is taken by the second and
  // the third card processor their settings declare (ADR 101), not by GMO-PG.
  SOFTBANK: {
    web: ['softbank_3ds', 'softbank_credit', 'softbank_paypay', 'softbank_alipay', 'gmo_3ds', 'free'],
    spot: ['softbank_3ds', 'softbank_paypay'],
  },
  NISHINIPPON_PRODUCT: { web: ['softbank_3ds', 'softbank_paypay', 'gmo_3ds', 'free'] },
  NISHINIPPON_DATE: { web: [...GMO_WEB, 'free'] },
  NAGAI: { web: ['gmo_3ds', 'gmo_paypay', 'free'], ...COUNTER, spot: ['gmo_paypay', 'free'] },
  AZABUDAI_BORDERLESS: {
    web: ['stripe_secure', 'gmo_paypay', 'alipay', 'd_pay', 'gmo_3ds', 'free'],
    ...COUNTER,
    OTA,
    spot: ['stripe_secure', 'free'],
  },
  OKINAWA: { web: ['stripe_secure', 'alipay', 'gmo_paypay', 'free'], spot: ['stripe_secure'] },
};

/**
 * Method names are the code's and follow it on every start; a site's methods per channel are inserted
 * when absent, then staff own their order and whether they are enabled.
 */
export async function seedPaymentMethods(db: Db): Promise<void> {
  await db
    .insert(paymentMethodTypes)
    .values(Object.entries(NAMES).map(([method, names]) => ({ method, names: t6(names) })))
    .onConflictDoUpdate({ target: paymentMethodTypes.method, set: { names: sql`excluded.names` } });

  const present = await siteCodesPresent(db);
  const rows = Object.entries(SITE_METHODS)
    .filter(([siteCode]) => present.has(siteCode))
    .flatMap(([siteCode, channels]) =>
      Object.entries(channels).flatMap(([channel, methods]) =>
        methods.map((method, index) => ({ siteCode, channel, method, enabled: true, position: index + 1 })),
      ),
    );
  await db
    .insert(paymentMethods)
    .values(rows)
    .onConflictDoNothing({
      target: [paymentMethods.siteCode, paymentMethods.channel, paymentMethods.method],
    });
}
