import { sql } from 'drizzle-orm';
import type { PaymentMethodItem, SiteCode, SiteSettings } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import type { PaymentRegistry } from './payment-registry.ts';

/** The kinds whose card is entered on our payment screen: the site's fraud-screening script runs before them. */
const CARD_ENTRY_KINDS: ReadonlySet<string> = new Set(['card', 'element']);

/**
 * The payment-method list with what the payment screen needs to use each method (token script URL, the
 * site's public shop id, whether the simulator answers, the card processor that takes it and, for a card
 * entered on the screen, the site's fraud-screening script). Public values only: shop passwords stay in
 * site_secrets.
 */
export async function withPublicPaymentFields(
  db: Db,
  registry: PaymentRegistry,
  site: SiteCode,
  items: PaymentMethodItem[],
): Promise<PaymentMethodItem[]> {
  const { rows } = await db.execute<{ payment: Partial<SiteSettings['payment']> | null }>(
    sql`SELECT settings -> 'payment' AS payment FROM sites WHERE code = ${site}`,
  );
  const payment = rows[0]?.payment ?? {};
  const cardProviderKeys = payment.cardProviderKeys ?? {};
  // Spec §3's device-fingerprint script (ADR 101): declared per site, loaded only where declared.
  const fingerprint = payment.deviceFingerprintScriptUrl ?? null;
  return items.map((item) => {
    const kind = registry.kindOf(item.payment_method_type);
    return {
      ...item,
      ...registry.publicFields(item.payment_method_type, {
        cardProviderKeys,
        ...(rows[0]?.payment ? { payment: rows[0].payment as SiteSettings['payment'] } : {}),
      }),
      ...(fingerprint && kind && CARD_ENTRY_KINDS.has(kind) ? { fingerprint_script_url: fingerprint } : {}),
    };
  });
}
