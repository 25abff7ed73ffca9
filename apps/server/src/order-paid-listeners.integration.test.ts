import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { readyOrder } from '../test/checkout-support.ts';
import { setupTestApp } from '../test/helper.ts';
import { productWithSlot } from '../test/order-support.ts';
import { orderById, transitionOrders } from './domain/orders/order-state.ts';
import { orderPaidJobKey } from './domain/orders/order-paid.ts';
import { insertAttempt } from './domain/payments/payment-attempts.ts';
import { storedTransport } from './domain/mail/mail-transport.ts';
import { MAIL_KICK_QUEUE, mailQueues } from './domain/mail/mail-worker.ts';
import { takeInstanceLock } from './jobs/instance-lock.ts';
import { runDueJobs } from './jobs/job-runner.ts';

const ctx = setupTestApp();
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const silent = { error: () => undefined, warn: () => undefined };
let killLater: (() => void) | undefined;

afterAll(() => killLater?.());

/**
 * "Order paid" (ADR 058) under a crash: a process settles a paid order and is killed (SIGKILL) right after
 * the settling transaction commits, before any after-commit listener ran. The listener's job was written in
 * that transaction, so the restart runs it: nothing is lost.
 */
describe('order paid across a crash', () => {
  it('a process killed between the commit and the after-commit listener loses nothing: the restart runs it', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const attempt = await ctx.db.transaction(async (tx) => {
      await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
      return insertAttempt(tx, {
        orderId: order.id,
        siteCode: 'DEMO',
        method: 'gmo',
        amount: 6000,
        currency: 'JPY',
      });
    });

    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/job-child.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: ctx.env.DATABASE_URL!,
        JOB_CHILD_MODE: 'settle',
        JOB_CHILD_ATTEMPT: JSON.stringify(attempt),
      },
    });
    killLater = () => child.kill('SIGKILL');
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 20_000;
    while (!output.includes('settled')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the settling child: ${output}`);
      await sleep(20);
    }
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // Committed with the payment: the reservation, the mail in the outbox and the listener's job.
    const state = await ctx.db.execute<{ status: string; reservations: number; mails: string[] }>(sql`
      SELECT o.status,
             (SELECT count(*)::int FROM reservations r WHERE r.order_id = o.id) AS reservations,
             (SELECT array_agg(m.status || ':' || m.kind) FROM mail_outbox m WHERE m.to_address = 'hanako@example.jp'
                AND m.kind = 'purchase_confirmation') AS mails
      FROM orders o WHERE o.id = ${order.id}`);
    expect(state.rows[0]).toEqual({
      status: 'reserved',
      reservations: 1,
      mails: ['pending:purchase_confirmation'],
    });
    const job = async () =>
      (
        await ctx.db.execute<{ status: string; payload: Record<string, unknown> }>(sql`
          SELECT status, payload FROM jobs WHERE queue = ${MAIL_KICK_QUEUE} AND key = ${orderPaidJobKey(order.id)}`)
      ).rows;
    expect(await job()).toEqual([
      {
        status: 'queued',
        payload: expect.objectContaining({
          orderId: order.id,
          paymentId: attempt.id,
          amount: 6000,
          siteCode: 'DEMO',
        }),
      },
    ]);

    // The restart: a worker with the mail queues runs the listener; the confirmation goes out.
    const lock = await takeInstanceLock(ctx.db.$client, silent);
    try {
      const queues = mailQueues(ctx.db, () => storedTransport, { intervalMs: 60_000, host: 'kippu.test' });
      await runDueJobs(ctx.db, { [MAIL_KICK_QUEUE]: queues[MAIL_KICK_QUEUE]! }, lock);
    } finally {
      await lock.stop();
    }
    expect(await job()).toEqual([]);
    const mails = await ctx.db.execute<{ status: string }>(sql`
      SELECT status FROM mail_outbox WHERE to_address = 'hanako@example.jp' AND kind = 'purchase_confirmation'`);
    expect(mails.rows).toEqual([{ status: 'stored' }]);
  });
});
