import { sql } from 'drizzle-orm';
import { isEmail, type LangCode, type SendOrderMailResponse, type SiteCode } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { mailConfirmPath, siteUrl } from '../links.ts';
import { lockOpenOrder } from '../orders/open-order.ts';
import { assertNotChangeOrder } from '../time-changes/time-change-store.ts';
import { enqueueMail } from './enqueue-mail.ts';
import { newMailToken } from './mail-token.ts';
import { siteIdentity } from './site-identity.ts';

/**
 * POST /ordermails/{orderToken} (ADR 020): sends a mail-confirmation link to the e-mail address of an open
 * order's customer info. The link's token and the queued mail are written in one transaction under the
 * order's row lock: an expired order answers session_timeout, one without a valid address
 * `invalid email address`, a change of date's order `record not found`. Sending again (a resend) makes a new link; older links stay valid.
 */
export async function sendOrderMail(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  site: SiteCode,
  orderToken: string,
  lang: LangCode,
): Promise<SendOrderMailResponse> {
  return db.transaction(async (tx) => {
    const order = await lockOpenOrder(tx, site, orderToken, new Date());
    // A change's holder is the purchase's, confirmed then: its order has no sign-in step to confirm.
    await assertNotChangeOrder(tx, Number(order.id), 'record_not_found');
    const { rows } = await tx.execute<{ email: string | null }>(sql`
      SELECT (SELECT entry->>'value' FROM jsonb_array_elements(customer_info) entry
              WHERE entry->>'key' = 'email' LIMIT 1) AS email
      FROM orders WHERE id = ${order.id}`);
    const email = rows[0]?.email ?? null;
    if (!email || !isEmail(email)) throw new AppError('invalid_email');

    const token = newMailToken();
    await tx.execute(sql`
      INSERT INTO mail_tokens (token, order_id, site_code, email) VALUES (${token}, ${order.id}, ${site}, ${email})`);
    const identity = await siteIdentity(tx, site, lang);
    await enqueueMail(tx, {
      kind: 'mail_confirmation',
      siteCode: site,
      to: email,
      lang,
      payload: {
        confirmUrl: siteUrl(env, identity.slug, mailConfirmPath(token), lang),
        siteName: identity.name,
        expiresAt: order.expiresAt.toISOString(),
      },
    });
    return { order_token: orderToken, email };
  });
}
