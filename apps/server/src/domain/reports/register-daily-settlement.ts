import type { FastifyInstance } from 'fastify';
import type { Queues } from '../../jobs/job-runner.ts';
import {
  DAILY_SETTLEMENT_EVERY_MS,
  DAILY_SETTLEMENT_QUEUE,
  queueDailySettlements,
} from './daily-settlement-mails.ts';

/**
 * Adds the daily settlement's recurring job to the app's runner (ADR 057, 084): every 5 minutes, once at a time
 * across processes, it queues what is due (nothing before 07:00 Tokyo, nothing twice).
 */
export function registerDailySettlement(app: FastifyInstance, queues: Queues): void {
  queues[DAILY_SETTLEMENT_QUEUE] = {
    everyMs: DAILY_SETTLEMENT_EVERY_MS,
    handler: async () => {
      await queueDailySettlements(app.db, app.env);
    },
  };
}
