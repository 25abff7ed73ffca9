import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { OutboxMail } from './mail-kinds.ts';

/**
 * Queues a mail IN THE CALLER'S TRANSACTION (ADR 016): the mail exists exactly when the caller's change
 * commits (a reservation is never without its confirmation, a rolled-back checkout queues nothing). The
 * worker sends it after the commit. Answers the outbox id.
 */
export async function enqueueMail(tx: Tx, mail: OutboxMail): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO mail_outbox (site_code, kind, to_address, lang, payload)
    VALUES (${mail.siteCode}, ${mail.kind}, ${mail.to}, ${mail.lang}, ${JSON.stringify(mail.payload)}::jsonb)
    RETURNING id`);
  return Number(rows[0]!.id);
}
