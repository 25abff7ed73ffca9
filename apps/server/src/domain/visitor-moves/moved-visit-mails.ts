import type { Env } from '../../config/env.ts';
import type { Tx } from '../../db/client.ts';
import { siteUrl } from '../links.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { reservationById } from '../reservations/reservation-details.ts';
import { mailSharedVisitMoved } from '../tickets/share-recipients.ts';
import { visitOf } from '../reservations/reservation-visit.ts';
import { movedVisitPath } from './move-token.ts';

/** The holder's self-service link: its token (only the mail carries it) and until when it works. */
export interface MovedVisitChoice {
  token: string;
  deadline: Date;
}

/**
 * Queues "your visit has been moved" (mail kind visit_moved) IN THE CALLER'S TRANSACTION, after the
 * reservation's order points at its new slot: to the holder's address (with the self-service link when
 * `choice` is given), and "the tickets shared with you have a new date" to each address a share's link was
 * sent to (ADR 107; their own ticket link, no self-service: only the holder decides for the whole
 * reservation), each in their language. The item's
 * state is written in the same transaction, so a retried item never mails twice. Answers the mails queued.
 */
export async function mailMovedVisit(
  tx: Tx,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  reservationId: number,
  previous: { startsAt: Date; endsAt: Date },
  choice: MovedVisitChoice | null,
): Promise<number> {
  const reservation = await reservationById(tx, reservationId);
  if (!reservation) return 0;
  const moved = {
    previousStartsAt: previous.startsAt.toISOString(),
    previousEndsAt: previous.endsAt.toISOString(),
  };
  let mails = 0;
  if (reservation.email) {
    const lang = reservation.lang;
    await enqueueMail(tx, {
      kind: 'visit_moved',
      siteCode: reservation.siteCode,
      to: reservation.email,
      lang,
      payload: {
        ...visitOf(env, reservation, lang),
        ...moved,
        ...(choice
          ? {
              choiceUrl: siteUrl(env, reservation.siteSlug, movedVisitPath(choice.token), lang),
              choiceUntil: choice.deadline.toISOString(),
            }
          : {}),
      },
    });
    mails += 1;
  }
  // The companions, at the addresses their share's link was sent to: the same rule as a change of date
  // (ADR 107: their codes stay, their own link, no self-service).
  mails += await mailSharedVisitMoved(tx, env, reservation.id, previous);
  return mails;
}
