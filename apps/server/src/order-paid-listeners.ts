import type { Env } from './config/env.ts';
import { recordAudit } from './domain/audit/record-audit.ts';
import { queuePurchaseConfirmation } from './domain/checkout/purchase-mail.ts';
import { MAIL_KICK_QUEUE } from './domain/mail/mail-worker.ts';
import { recordMailMagazineChoice } from './domain/mail-magazines/record-mail-magazine-choice.ts';
import type { OrderPaidListeners } from './domain/orders/order-paid.ts';
import { claimPaidChange, completeTimeChange } from './domain/time-changes/complete-time-change.ts';

/**
 * Who hears "order paid" (ADR 058), wired here at the composition root so settleAttempt imports none of
 * them. The console's webhooks will add one after-commit queue per delivery here.
 */
export function orderPaidListeners(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): OrderPaidListeners {
  return {
    fulfilments: [
      {
        // A change of date's temporary order (ADR 029): the change completes instead of a new reservation,
        // unless it can no longer (not pending, a ticket refunded meanwhile): then its top-up goes back.
        kind: 'change',
        async claim(tx, orderId) {
          const change = await claimPaidChange(tx, orderId);
          if (change === undefined || change === 'refund') return change;
          return (order, amount) => completeTimeChange(tx, env, change, order, amount);
        },
      },
    ],
    inTransaction: [
      // The visitor's purchase (or change of date's top-up) in the audit log, with the payment (ADR 065).
      (tx, paid) =>
        recordAudit(tx, {
          actor: { kind: 'visitor', label: `order ${paid.orderId}` },
          siteCode: paid.siteCode,
          objectType: 'order',
          objectId: String(paid.orderId),
          action: 'paid',
          after: { payment_id: paid.paymentId, amount: paid.amount, reservation_id: paid.reservationId },
        }),
      // Before the mail: the mail carries the subscription's unsubscribe link.
      async (tx, paid) => {
        if (paid.reservationId !== null) await recordMailMagazineChoice(tx, paid.reservationId);
      },
      // The confirmation exists exactly when the reservation does (ADR 016, 017).
      async (tx, paid) => {
        if (paid.reservationId !== null)
          await queuePurchaseConfirmation(tx, env, paid.reservationId, paid.amount);
      },
    ],
    // The mail just queued goes out now rather than on the next outbox round (mail-worker.ts).
    afterCommit: [MAIL_KICK_QUEUE],
  };
}
