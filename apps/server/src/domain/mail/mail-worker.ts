import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Queues } from '../../jobs/job-runner.ts';
import { publicHost } from '../links.ts';
import {
  DEFAULT_DELIVERY_POLICY,
  deliverDueMails,
  type BatchOutcome,
  type DeliveryContext,
  type DeliveryPolicy,
} from './deliver-due-mails.ts';
import { createMailTransport, type MailTransport } from './mail-transport.ts';

/** The outbox's round, a recurring job (ADR 057): one process at a time sends a batch, every interval. */
export const MAIL_OUTBOX_QUEUE = 'mail.outbox';
/**
 * "Order paid"'s after-commit listener (ADR 058): a job queued in the settling transaction that sends the
 * outbox at once, so the purchase (or new date's) confirmation arrives within a second of the payment
 * rather than on the next round, and a crash after the commit only delays it to the restart.
 */
export const MAIL_KICK_QUEUE = 'mail.order-paid';

export interface MailWorkerOptions {
  intervalMs: number;
  host: string;
  policy?: DeliveryPolicy;
  onGiveUp?: DeliveryContext['onGiveUp'];
}

/**
 * The outbox's job queues. Each run sends one batch (`deliverDueMails`, ADR 016): rows claimed FOR UPDATE
 * SKIP LOCKED and marked in the claiming transaction, so two processes never take one row and a crash never
 * loses one; a process sends one batch at a time; a full batch runs the round again at once. `transport` is
 * read at each run (it is opened when the app is ready).
 */
export function mailQueues(db: Db, transport: () => MailTransport, options: MailWorkerOptions): Queues {
  const context = (): DeliveryContext => ({
    transport: transport(),
    policy: options.policy ?? DEFAULT_DELIVERY_POLICY,
    host: options.host,
    onGiveUp: options.onGiveUp,
  });
  // One batch at a time in a process. A batch whose transaction is cut after the SMTP server accepted a row
  // marks that row on a fresh connection (ADR 046), but the cut already freed its lock: a second batch of the
  // same process running beside it (the kick beside the round) would take the row first and send it again.
  let inFlight: Promise<unknown> = Promise.resolve();
  const sendBatch = (): Promise<BatchOutcome> => {
    const batch = inFlight.then(() => deliverDueMails(db, context()));
    inFlight = batch.catch(() => undefined);
    return batch;
  };
  return {
    [MAIL_OUTBOX_QUEUE]: {
      everyMs: options.intervalMs,
      handler: async () => {
        const outcome = await sendBatch();
        return { again: outcome.claimed === (options.policy ?? DEFAULT_DELIVERY_POLICY).batchSize };
      },
    },
    [MAIL_KICK_QUEUE]: {
      handler: async () => {
        await sendBatch();
      },
    },
  };
}

/**
 * Sends the mail outbox while the app is up: the transport is opened when the app is ready and closed
 * when it closes, after the job runner has stopped (preClose) and so after the batch in flight.
 */
export function registerMailWorker(app: FastifyInstance, queues: Queues): void {
  let transport: MailTransport | undefined;
  app.addHook('onReady', async () => {
    transport = createMailTransport(app.env);
    if (!app.env.MAIL_URL && app.env.NODE_ENV === 'production') {
      app.log.warn('MAIL_URL is not set: mails are only stored in mail_outbox, nothing is delivered');
    }
  });
  Object.assign(
    queues,
    mailQueues(
      app.db,
      () => {
        if (!transport) throw new Error('the mail transport is not open yet');
        return transport;
      },
      {
        intervalMs: app.env.MAIL_WORKER_INTERVAL_MS,
        host: publicHost(app.env),
        onGiveUp: (mail, error) =>
          app.log.error(
            { err: error, mail },
            `mail ${mail.id} (${mail.kind}) given up after ${mail.attempts} attempts`,
          ),
      },
    ),
  );
  app.addHook('onClose', async () => {
    transport?.close();
  });
}
