import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { newMailToken } from '../mail/mail-token.ts';

/** What the order form answered per magazine: true/false, or null when the site's form did not ask. */
type FormAnswers = {
  site_code: string;
  email: string;
  mail_magazine: boolean | null;
  teamlab_mail_magazine: boolean | null;
};

/**
 * Keeps the magazine choices of a reserved order's form (ADR 022), in the checkout's final transaction so
 * the subscription exists exactly when the reservation does. An address that opted in gets a subscription
 * (one per site and address, with its unsubscribe token); an address already subscribed takes this newest
 * answer of every field the form asked, so unticking the box on a later order stops that magazine too. A
 * field the form did not show is no answer and keeps what was there.
 */
export async function recordMailMagazineChoice(tx: Tx, reservationId: number): Promise<void> {
  const { rows } = await tx.execute<FormAnswers>(sql`
    SELECT r.site_code, r.email,
           (SELECT field ->> 'value' = 'true' FROM jsonb_array_elements(o.customer_info) AS field
            WHERE field ->> 'key' = 'mail_magazine' LIMIT 1) AS mail_magazine,
           (SELECT field ->> 'value' = 'true' FROM jsonb_array_elements(o.customer_info) AS field
            WHERE field ->> 'key' = 'teamlab_mail_magazine' LIMIT 1) AS teamlab_mail_magazine
    FROM reservations r JOIN orders o ON o.id = r.order_id
    WHERE r.id = ${reservationId}`);
  const form = rows[0];
  if (!form || form.email === '') return;
  const { mail_magazine: magazine, teamlab_mail_magazine: teamlab } = form;
  if (magazine === null && teamlab === null) return;

  if (magazine || teamlab) {
    // ON CONFLICT: two orders of one address reserved at once both land on the one row.
    await tx.execute(sql`
      INSERT INTO mail_magazine_subscriptions
        (site_code, email, token, mail_magazine, teamlab_mail_magazine, reservation_id)
      VALUES (${form.site_code}, ${form.email}, ${newMailToken()}, ${magazine ?? false}, ${teamlab ?? false},
              ${reservationId})
      ON CONFLICT (site_code, lower(email)) DO UPDATE SET
        mail_magazine = COALESCE(${magazine}::boolean, mail_magazine_subscriptions.mail_magazine),
        teamlab_mail_magazine =
          COALESCE(${teamlab}::boolean, mail_magazine_subscriptions.teamlab_mail_magazine),
        reservation_id = EXCLUDED.reservation_id,
        updated_at = now()`);
    return;
  }
  // Every answered field is "no": nothing to create, but an earlier subscription follows the answer.
  await tx.execute(sql`
    UPDATE mail_magazine_subscriptions SET
      mail_magazine = COALESCE(${magazine}::boolean, mail_magazine),
      teamlab_mail_magazine = COALESCE(${teamlab}::boolean, teamlab_mail_magazine),
      reservation_id = ${reservationId},
      updated_at = now()
    WHERE site_code = ${form.site_code} AND lower(email) = lower(${form.email})`);
}
