import { sql } from 'drizzle-orm';
import {
  SALES_CHANNELS,
  isEmail,
  type LangCode,
  type SendOrderMailResponse,
  type SiteCode,
} from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { mailConfirmPath, siteUrl } from '../links.ts';
import { lockOpenOrder } from '../orders/order-lock.ts';
import { orderEmail } from '../orders/order-row.ts';
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
    // A change's holder is the purchase's, confirmed then: its order has no sign-in step to confirm.
    const order = await lockOpenOrder(
      tx,
      site,
      orderToken,
      { kinds: SALES_CHANNELS, changeRefusal: 'record_not_found' },
      new Date(),
    );
    const email = await orderEmail(tx, order.id);
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
