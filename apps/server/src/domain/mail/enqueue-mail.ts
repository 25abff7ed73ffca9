import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { OutboxMail } from './mail-kinds.ts';

/**
 * No recipient: a visitor whose personal data staff erased (ADR 122), as an order sold without an address (the
 * box office, a kiosk, a partner's booking). A mail queued to it (a refund's, a date moved by staff) is kept as
 * a record, failed at once, and never sent: there is no one to try it on.
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
            ${mail.to === ERASED_ADDRESS ? 'no recipient address' : null})
    RETURNING id`);
  return Number(rows[0]!.id);
}
