import type { LangCode, LocalizedText, OrderStatus, ProductType, TemporaryOrder } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { isTimedOut } from './order-state.ts';
import { payableAmount } from './payable-amount.ts';

interface Row {
  status: OrderStatus;
  lang: LangCode;
  price: number;
  quantity: number;
  customer_info: { key: string; value: string }[];
  expires_at: Date;
  lapsed: boolean;
  time_span_id: number;
  product_type: ProductType;
  names: LocalizedText;
  descriptions: LocalizedText;
  cautions: LocalizedText;
  starts_at: Date;
  ends_at: Date;
  lines: { id: number; names: LocalizedText; unit_price: number; quantity: number }[];
  sets: { names: LocalizedText; unit_price: number; quantity: number }[];
  coupons: { id: number; code: string; names: LocalizedText; discount: number }[];
  membership_discount: string;
  membership_promotion_names: LocalizedText | null;
}

const localized = (text: LocalizedText | null | undefined, lang: LangCode): string =>
  text?.[lang] ?? text?.ja ?? '';

/**
 * GET /orders/{id}: the temporary order (spec §3). Expired → session_timeout, cancelled → not found. Its
 * names and texts are in `shownLang` when asked (the page's language), else in the order's own.
 */
export async function getTemporaryOrder(
  db: Db,
  siteCode: string,
  token: string,
  shownLang?: LangCode,
): Promise<TemporaryOrder> {
  const { rows } = await db.$client.query<Row>(
    `SELECT o.status, o.lang, o.price, o.quantity, o.customer_info, o.expires_at,
            o.expires_at <= now() AS lapsed, o.time_span_id,
            o.membership_discount, o.membership_promotion_names,
            p.product_type, p.names, p.descriptions, p.cautions, t.starts_at, t.ends_at,
            COALESCE((SELECT json_agg(json_build_object('id', ov.id, 'names', ov.names,
                        'unit_price', l.unit_price, 'quantity', l.quantity) ORDER BY ov.position, ov.id)
                      FROM order_lines l JOIN option_values ov ON ov.id = l.option_value_id
                      WHERE l.order_id = o.id), '[]') AS lines,
            COALESCE((SELECT json_agg(json_build_object('names', sp.names,
                        'unit_price', os.unit_price, 'quantity', os.quantity) ORDER BY sp.position, sp.id)
                      FROM order_set_products os JOIN set_products sp ON sp.id = os.set_product_id
                      WHERE os.order_id = o.id), '[]') AS sets,
            COALESCE((SELECT json_agg(json_build_object('id', oc.id, 'code', c.code, 'names', c.names,
                        'discount', oc.discount) ORDER BY oc.id)
                      FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id
                      WHERE oc.order_id = o.id), '[]') AS coupons
     FROM orders o
     JOIN products p ON p.id = o.product_id
     JOIN time_spans t ON t.id = o.time_span_id
     WHERE o.order_token = $1 AND o.site_code = $2`,
    [token, siteCode],
  );
  const row = rows[0];
  if (!row || row.status === 'cancelled') throw new AppError('record_not_found');
  if (isTimedOut(row.status, row.lapsed)) throw new AppError('session_timeout');

  const lang = shownLang ?? row.lang;
  const membershipDiscount = Number(row.membership_discount);
  const discount = row.coupons.reduce((sum, c) => sum + c.discount, 0) + membershipDiscount;
  return {
    lang: row.lang,
    price: payableAmount(row.price, discount),
    customer_info: row.customer_info,
    main_product: {
      product_name: localized(row.names, lang),
      description: localized(row.descriptions, lang),
      sale_type: row.product_type,
      quantity: row.quantity,
      reservation_from: row.starts_at.toISOString(),
      reservation_to: row.ends_at.toISOString(),
      product_time_span_id: row.time_span_id,
      // Products carry no naming-right sponsor yet.
      naming_right: null,
      caution: localized(row.cautions, lang),
      order_options: row.lines.map((l) => ({
        id: l.id,
        name: localized(l.names, lang),
        type: 'ticket',
        add_cost: l.unit_price,
        quantity: l.quantity,
      })),
    },
    set_products: row.sets.map((s) => ({
      product_name: localized(s.names, lang),
      add_cost: s.unit_price,
      quantity: s.quantity,
    })),
    coupons: row.coupons.map((c) => ({
      id: c.id,
      coupon_code: c.code,
      coupon_name: localized(c.names, lang),
      coupon_discount: c.discount,
    })),
    // Set by the membership login (domain/membership, ADR 032): the promotion's name and its discount.
    membership_promotion: row.membership_promotion_names
      ? { name: localized(row.membership_promotion_names, lang), membership_discount: membershipDiscount }
      : null,
    status: row.status,
    expires_at: row.expires_at.toISOString(),
  };
}
