import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { OutboxMail } from './mail-kinds.ts';

/**
 * The address of a visitor whose personal data staff erased (ADR 122): a mail queued to it later (a slot
 * moved, a refund) is kept as a record, failed at once, and never sent.
 */
export const ERASED_ADDRESS = '';

/**
 * Queues a mail IN THE CALLER'S TRANSACTION (ADR 016): the mail exists exactly when the caller's change
 * commits (a reservation is never without its confirmation, a rolled-back checkout queues nothing). The
 * worker sends it after the commit. Answers the outbox id.
 */
export async function enqueueMail(tx: Tx, mail: OutboxMail): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO mail_outbox (site_code, kind, to_address, lang, payload, status, last_error)
    VALUES (${mail.siteCode}, ${mail.kind}, ${mail.to}, ${mail.lang}, ${JSON.stringify(mail.payload)}::jsonb,
            ${mail.to === ERASED_ADDRESS ? 'failed' : 'pending'},
            ${mail.to === ERASED_ADDRESS ? 'the address was erased' : null})
    RETURNING id`);
  return Number(rows[0]!.id);
}
