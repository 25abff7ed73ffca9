import { sql } from 'drizzle-orm';
import { fillPath, type PaymentMethodId, type SiteCode } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import { publicOrigin, siteUrl } from '../links.ts';
import { attemptById, type StoredAttempt } from './payment-attempts.ts';

/**
 * The return-route pattern (ADR 026). A gateway sends the browser back with a form POST or a redirect,
 * neither of which can land on a hash route. So every gateway returns to a server route (the contract's
 * `ROUTES.*Return*`, outside the site prefix and the XSRF check), which records what came back, settles what
 * it may (asking the gateway, never trusting the browser), and answers 303 to the right site's
 * `#/payment-callback/...` screen. The payment number names the attempt, and through it the order and the site.
 */

/** The absolute return URL given to a gateway for one attempt: `route` is one of the contract's returns. */
export function paymentReturnUrl(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  route: { path: string },
  paymentNumber: string,
): string {
  return `${publicOrigin(env)}${fillPath(route.path, { paymentNumber })}`;
}

/** An attempt with what a return needs to answer: its site's slug, its order's token and channel. */
export interface ReturningAttempt {
  attempt: StoredAttempt;
  siteSlug: string;
  orderToken: string;
  channel: string;
}

async function returning(db: Db, where: ReturnType<typeof sql>): Promise<ReturningAttempt | undefined> {
  const { rows } = await db.execute<
    Pick<Row<'payments'>, 'id'> & Pick<Row<'sites'>, 'slug'> & Pick<Row<'orders'>, 'order_token' | 'channel'>
  >(sql`
    SELECT p.id, s.slug, o.order_token, o.channel
    FROM payments p JOIN orders o ON o.id = p.order_id JOIN sites s ON s.code = p.site_code
    WHERE ${where}`);
  const row = rows[0];
  if (!row) return undefined;
  const attempt = await attemptById(db, Number(row.id));
  return attempt && { attempt, siteSlug: row.slug, orderToken: row.order_token, channel: row.channel };
}

/** The attempt a return URL names (its payment number), if it is of that method. */
export function attemptByPaymentNumber(
  db: Db,
  paymentNumber: string,
  method?: PaymentMethodId,
): Promise<ReturningAttempt | undefined> {
  return returning(
    db,
    method
      ? sql`p.payment_number = ${paymentNumber} AND p.method = ${method}`
      : sql`p.payment_number = ${paymentNumber}`,
  );
}

/** The attempt a gateway's reference names (unique across attempts), limited to the given methods. */
export function attemptByProviderReference(
  db: Db,
  reference: string,
  methods: readonly PaymentMethodId[],
  site?: SiteCode,
): Promise<ReturningAttempt | undefined> {
  return returning(
    db,
    sql`p.provider_reference = ${reference} AND p.method = ANY(${sql.param([...methods])}::text[])
        ${site ? sql`AND p.site_code = ${site}` : sql``}`,
  );
}

/** Where a return sends the browser: the site's SPA at a payment-callback (or error) screen. */
export function callbackUrl(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  siteSlug: string,
  hashPath: string,
): string {
  return siteUrl(env, siteSlug, hashPath);
}
