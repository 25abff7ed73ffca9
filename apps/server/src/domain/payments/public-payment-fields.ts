import { sql } from 'drizzle-orm';
import type { PaymentMethodItem, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import type { PaymentRegistry } from './payment-registry.ts';

/**
 * The payment-method list with what the payment screen needs to use each method (token script URL, the
 * site's public shop id, whether the simulator answers). Public values only: shop passwords stay in
 * site_secrets.
 */
export async function withPublicPaymentFields(
  db: Db,
  registry: PaymentRegistry,
  site: SiteCode,
  items: PaymentMethodItem[],
): Promise<PaymentMethodItem[]> {
  const { rows } = await db.execute<{ keys: Record<string, string> | null }>(
    sql`SELECT settings -> 'payment' -> 'cardProviderKeys' AS keys FROM sites WHERE code = ${site}`,
  );
  const cardProviderKeys = rows[0]?.keys ?? {};
  return items.map((item) => ({
    ...item,
    ...registry.publicFields(item.payment_method_type, { cardProviderKeys }),
  }));
}
