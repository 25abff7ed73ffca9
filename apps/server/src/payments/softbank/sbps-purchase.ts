import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchantFor, type SbpsConfig } from './sbps-config.ts';
import { sbpsPurchaseForm, type SbpsPurchaseForm } from './sbps-link-provider.ts';
import { isSbpsMethod } from './sbps-protocol.ts';
import { findAttempt } from '../../domain/payments/payment-attempts.ts';
import type { SiteCode } from '@kippu/contract';

const TEXT_KEYS = [
  'sbps_handoff_title',
  'sbps_handoff_text',
  'sbps_handoff_continue',
  'sbps_handoff_gone',
] as const;

export interface SbpsHandoff {
  lang: string;
  texts: Record<(typeof TEXT_KEYS)[number], string>;
  /** Null when the attempt is no longer waiting for the gateway (paid, failed, expired): nothing to post. */
  form: SbpsPurchaseForm | null;
}

/**
 * The page between checkout and the gateway (checkout's redirect_url for SoftBank methods): the signed
 * purchase request of an attempt still waiting for the gateway, in the order's language (texts group
 * payment-softbank). Undefined for an unknown payment number.
 */
export async function sbpsHandoff(
  db: Db,
  config: SbpsConfig,
  paymentNumber: string,
): Promise<SbpsHandoff | undefined> {
  const { rows } = await db.execute<{ site_code: SiteCode; lang: string }>(sql`
    SELECT p.site_code, o.lang FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.payment_number = ${paymentNumber}`);
  const found = rows[0];
  if (!found) return undefined;
  const attempt = await findAttempt(db, found.site_code, { paymentNumber });
  if (!attempt || !isSbpsMethod(attempt.method)) return undefined;
  const { rows: texts } = await db.execute<{ key: string; text: string }>(sql`
    SELECT DISTINCT ON (key) key, text FROM texts
    WHERE key = ANY(${sql.param([...TEXT_KEYS])}::text[]) AND lang IN (${found.lang}, 'ja')
      AND scope IN ('*', ${found.site_code})
    ORDER BY key, (lang = ${found.lang}) DESC, (scope = ${found.site_code}) DESC`);
  const byKey = Object.fromEntries(texts.map((row) => [row.key, row.text]));
  // The site's own merchant (its settings), else the environment's (ADR 101).
  const merchant = await merchantFor(config, found.site_code);
  const waiting = attempt.status === 'pending' && merchant !== null;
  return {
    lang: found.lang,
    texts: Object.fromEntries(TEXT_KEYS.map((key) => [key, byKey[key] ?? key])) as SbpsHandoff['texts'],
    form: waiting ? sbpsPurchaseForm(config, merchant, { ...attempt, method: attempt.method }) : null,
  };
}
