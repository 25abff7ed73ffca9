import type { LangCode, PaymentMethodItem, SalesChannel, SiteCode } from '@kippu/contract';
import type { Db } from '../../../db/client.ts';

// A method without a name row still shows, under its id, rather than vanishing from the payment page.
const ENABLED_METHODS = `
SELECT m.method AS payment_method_type,
       coalesce(t.names ->> $3, t.names ->> 'ja', m.method) AS name,
       m.position AS display_position
FROM payment_methods m
LEFT JOIN payment_method_types t ON t.method = m.method
WHERE m.site_code = $1 AND m.channel = $2 AND m.enabled
ORDER BY m.position, m.method`;

/** The methods enabled on the site for one sales channel, named in the visitor's language. */
export async function listPaymentMethods(
  db: Db,
  site: SiteCode,
  channel: SalesChannel,
  lang: LangCode,
): Promise<PaymentMethodItem[]> {
  const result = await db.$client.query<PaymentMethodItem>(ENABLED_METHODS, [site, channel, lang]);
  return result.rows;
}
