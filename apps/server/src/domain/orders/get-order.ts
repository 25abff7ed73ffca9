import type { LangCode, LocalizedText, TemporaryOrder } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import type { PoolRow } from '../../db/generated/rows.ts';
import { AppError } from '../../shared/app-error.ts';
import { isTimedOut } from './order-state.ts';
import { payableAmount } from './payable-amount.ts';

/** The order with its product, slot, lines, set products and coupons (the last three built as JSON). */
type OrderRow = Pick<
  PoolRow<'orders'>,
  | 'status'
  | 'price'
  | 'quantity'
  | 'customer_info'
  | 'expires_at'
  | 'time_span_id'
  | 'membership_discount'
  | 'membership_promotion_names'
> &
  Pick<PoolRow<'products'>, 'product_type' | 'names' | 'descriptions' | 'cautions'> &
  Pick<PoolRow<'time_spans'>, 'starts_at' | 'ends_at'> & {
    lang: LangCode;
    lapsed: boolean;
    lines: (Pick<PoolRow<'option_values'>, 'id' | 'names'> &
      Pick<PoolRow<'order_lines'>, 'unit_price' | 'quantity'>)[];
    sets: (Pick<PoolRow<'set_products'>, 'names'> &
      Pick<PoolRow<'order_set_products'>, 'unit_price' | 'quantity'>)[];
    coupons: (Pick<PoolRow<'order_coupons'>, 'id' | 'discount'> &
      Pick<PoolRow<'coupons'>, 'code' | 'names'>)[];
  };

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
  const { rows } = await db.$client.query<OrderRow>(
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
