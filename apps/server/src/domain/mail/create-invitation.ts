import { sql } from 'drizzle-orm';
import { isEmail, type LangCode, type LocalizedText, type ProductType } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { mailConfirmPath, siteUrl } from '../links.ts';
import { enqueueMail } from './enqueue-mail.ts';
import { newMailToken } from './mail-token.ts';
import { siteIdentity } from './site-identity.ts';

/** What the operator asks for (npm run invite): who, which slot, which tickets. */
export interface InvitationRequest {
  siteCode: string;
  email: string;
  lang: LangCode;
  productUuid: string;
  timeSpanId: number;
  tickets: { optionValueId: number; quantity: number }[];
}

export interface CreatedInvitation {
  id: number;
  token: string;
  url: string;
  outboxId: number;
}

/** A request the operator must correct; the message says what is wrong. */
export class InvitationError extends Error {
  override name = 'InvitationError';
}

type ProductRow = {
  id: number;
  product_type: ProductType;
  names: LocalizedText;
  min_quantity: number;
  max_quantity: number;
};

async function one<T extends Record<string, unknown>>(
  tx: Tx,
  query: ReturnType<typeof sql>,
): Promise<T | undefined> {
  return (await tx.execute<T>(query)).rows[0] as T | undefined;
}

/** Everything the operator named must exist and belong together; the hold checks stock when the link is followed. */
async function checkedRequest(tx: Tx, request: InvitationRequest) {
  if (!isEmail(request.email)) throw new InvitationError(`"${request.email}" is not a valid e-mail address`);
  const site = await one(tx, sql`SELECT code FROM sites WHERE code = ${request.siteCode}`);
  if (!site) throw new InvitationError(`no site ${request.siteCode}`);
  const product = await one<ProductRow>(
    tx,
    sql`SELECT id, product_type, names, min_quantity, max_quantity FROM products
        WHERE uuid = ${request.productUuid}::uuid AND site_code = ${request.siteCode}
          AND status = 'published'`,
  );
  if (!product)
    throw new InvitationError(`product ${request.productUuid} is not a product of ${request.siteCode}`);
  const span = await one<{ starts_at: Date; ends_at: Date }>(
    tx,
    sql`SELECT starts_at, ends_at FROM time_spans WHERE id = ${request.timeSpanId} AND product_id = ${product.id}`,
  );
  if (!span) throw new InvitationError(`time span ${request.timeSpanId} is not a slot of that product`);
  if (request.tickets.length === 0 || request.tickets.some((t) => !(t.quantity > 0))) {
    throw new InvitationError('name at least one ticket type with a quantity above 0');
  }
  const { rows: known } = await tx.execute<{ id: number }>(
    sql`SELECT id FROM option_values WHERE product_id = ${product.id}
        AND id = ANY(${sql.param(request.tickets.map((t) => t.optionValueId))}::int[])`,
  );
  const knownIds = new Set(known.map((row) => Number(row.id)));
  const unknown = request.tickets.filter((t) => !knownIds.has(t.optionValueId)).map((t) => t.optionValueId);
  if (unknown.length > 0)
    throw new InvitationError(`ticket type(s) ${unknown.join(', ')} are not of that product`);
  const quantity = request.tickets.reduce((sum, t) => sum + t.quantity, 0);
  if (quantity < product.min_quantity || quantity > product.max_quantity) {
    throw new InvitationError(
      `${quantity} tickets: the product sells ${product.min_quantity} to ${product.max_quantity} per order`,
    );
  }
  return { product, span };
}

/**
 * Creates an invitation (ADR 020) and queues its mail in one transaction. The invited tickets are not held
 * yet: following the link holds them (stock is taken only for a visitor who turns up), so an invitation
 * that is never opened takes nothing.
 */
export async function createInvitation(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  request: InvitationRequest,
): Promise<CreatedInvitation> {
  return db.transaction((tx) => insertInvitation(tx, env, request));
}

/** createInvitation inside the caller's transaction (the console audits it there). */
export async function insertInvitation(
  tx: Tx,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  request: InvitationRequest,
): Promise<CreatedInvitation> {
  const { product, span } = await checkedRequest(tx, request);
  const token = newMailToken();
  const inserted = await one<{ id: number }>(
    tx,
    sql`INSERT INTO invitations (token, site_code, email, lang, product_id, time_span_id, tickets)
        VALUES (${token}, ${request.siteCode}, ${request.email}, ${request.lang}, ${product.id},
                ${request.timeSpanId}, ${JSON.stringify(request.tickets)}::jsonb)
        RETURNING id`,
  );
  const identity = await siteIdentity(tx, request.siteCode, request.lang);
  const url = siteUrl(env, identity.slug, mailConfirmPath(token), request.lang);
  const outboxId = await enqueueMail(tx, {
    kind: 'invitation',
    siteCode: request.siteCode,
    to: request.email,
    lang: request.lang,
    payload: {
      confirmUrl: url,
      siteName: identity.name,
      productName: product.names[request.lang] || product.names.ja,
      productType: product.product_type,
      startsAt: new Date(span.starts_at).toISOString(),
      endsAt: new Date(span.ends_at).toISOString(),
    },
  });
  return { id: Number(inserted!.id), token, url, outboxId };
}
