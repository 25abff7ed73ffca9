import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startRepeatingJob, type RepeatingJob } from '../../shared/repeating-job.ts';
import { publicHost } from '../links.ts';
import {
  DEFAULT_DELIVERY_POLICY,
  deliverDueMails,
  type DeliveryContext,
  type DeliveryPolicy,
} from './deliver-due-mails.ts';
import { createMailTransport, type MailTransport } from './mail-transport.ts';

/** Stopping waits for the batch in flight (its rows are marked or released, never half-done). */
export type MailWorker = RepeatingJob;

export interface MailWorkerOptions {
  intervalMs: number;
  host: string;
  policy?: DeliveryPolicy;
  onError?: (error: unknown) => void;
  onGiveUp?: DeliveryContext['onGiveUp'];
}

/**
 * Sends the outbox every `intervalMs` (a chained timer: batches of one process never overlap), and at once
 * again while a batch comes back full, so a backlog drains quickly. Other processes run their own workers
 * on the same table; SKIP LOCKED keeps them from taking the same rows (ADR 016).
 */
export function startMailWorker(db: Db, transport: MailTransport, options: MailWorkerOptions): MailWorker {
  const context: DeliveryContext = {
    transport,
    policy: options.policy ?? DEFAULT_DELIVERY_POLICY,
    host: options.host,
    onGiveUp: options.onGiveUp,
  };
  return startRepeatingJob({
    intervalMs: options.intervalMs,
    runOnce: async () => (await deliverDueMails(db, context)).claimed === context.policy.batchSize,
    onError: options.onError ?? (() => undefined),
  });
}

/**
 * Runs the mail worker while the app is up: started when the app is ready, stopped (and the SMTP transport
 * closed) when it closes, so a graceful shutdown waits for the batch in flight.
 */
export function registerMailWorker(app: FastifyInstance): void {
  let worker: MailWorker | undefined;
  let transport: MailTransport | undefined;
  app.addHook('onReady', async () => {
    transport = createMailTransport(app.env);
    if (!app.env.MAIL_URL && app.env.NODE_ENV === 'production') {
      app.log.warn('MAIL_URL is not set: mails are only stored in mail_outbox, nothing is delivered');
    }
    worker = startMailWorker(app.db, transport, {
      intervalMs: app.env.MAIL_WORKER_INTERVAL_MS,
      host: publicHost(app.env),
      onError: (error) => app.log.error({ err: error }, 'mail delivery failed'),
      onGiveUp: (mail, error) =>
        app.log.error(
          { err: error, mail },
          `mail ${mail.id} (${mail.kind}) given up after ${mail.attempts} attempts`,
        ),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
    transport?.close();
  });
}
