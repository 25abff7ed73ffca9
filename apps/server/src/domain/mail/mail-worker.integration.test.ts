import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { createSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { createDb } from '../../db/client.ts';
import {
  deliverDueMails,
  retryDelayMs,
  type DeliveryContext,
  type DeliveryPolicy,
} from './deliver-due-mails.ts';
import { enqueueMail } from './enqueue-mail.ts';
import type { OutboxMail } from './mail-kinds.ts';
import { smtpTransport, storedTransport, type MailTransport } from './mail-transport.ts';
import { enqueueJob } from '../../jobs/enqueue-job.ts';
import { takeInstanceLock } from '../../jobs/instance-lock.ts';
import { startJobRunner } from '../../jobs/job-runner.ts';
import { MAIL_KICK_QUEUE, mailQueues } from './mail-worker.ts';
import { outboxMessageId } from './deliver-due-mails.ts';

const ctx = setupTestApp();
const HOST = 'kippu.test';
const FROM = 'Kippu <no-reply@kippu.example>';
/** Retries within milliseconds, so a test can watch several attempts. */
const FAST: DeliveryPolicy = { batchSize: 10, maxAttempts: 4, backoffBaseMs: 40, backoffCapMs: 160 };

function confirmation(n: number, to = `visitor${n}@example.com`): OutboxMail {
  return {
    kind: 'mail_confirmation',
    siteCode: 'DEMO',
    to,
    lang: 'en',
    payload: {
      confirmUrl: `http://localhost:3000/demo/#/mail-confirm?token=t${n}`,
      siteName: 'Demo',
      expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    },
  };
}

async function queue(mails: OutboxMail[]): Promise<number[]> {
  return ctx.db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const mail of mails) ids.push(await enqueueMail(tx, mail));
    return ids;
  });
}

interface OutboxState {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  sent_at: Date | null;
}

async function outbox(): Promise<OutboxState[]> {
  const { rows } = await ctx.db.$client.query<OutboxState>(
    'SELECT id, status, attempts, last_error, message_id, sent_at FROM mail_outbox ORDER BY id',
  );
  return rows;
}

/** Runs batches until nothing is pending (waiting out the backoff in between), like the worker. */
async function drain(context: DeliveryContext, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await deliverDueMails(ctx.db, context);
    const pending = (await outbox()).filter((row) => row.status === 'pending');
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending.length} mails still pending`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

/** A transport that counts what it was asked to send. */
function counted(transport: MailTransport): MailTransport & { sent: number } {
  const wrapper = {
    sent: 0,
    delivers: transport.delivers,
    async send(mail: Parameters<MailTransport['send']>[0]) {
      await transport.send(mail);
      wrapper.sent++;
    },
    close: () => transport.close(),
  };
  return wrapper;
}

let sink: SmtpSink;
beforeAll(async () => {
  sink = await createSmtpSink({ rejectRecipients: ['nobody@example.com'], acceptDelayMs: 3 });
});
afterAll(async () => {
  await sink.stop();
});
beforeEach(async () => {
  await ctx.db.$client.query('DELETE FROM mail_outbox');
  sink.received.length = 0;
});

describe('mail worker', () => {
  it('keeps every mail while SMTP is down and sends each exactly once when it is back', async () => {
    await sink.stop();
    const ids = await queue(Array.from({ length: 14 }, (_, n) => confirmation(n)));
    // A backoff far longer than any batch can take on a loaded machine (now() is the claiming transaction's
    // start, so a short one can pass while the batches run): the rows are made due below instead of waited for.
    const policy = { ...FAST, backoffBaseMs: 600_000, backoffCapMs: 600_000 };
    const context: DeliveryContext = { transport: smtpTransport(sink.url, FROM), policy, host: HOST };

    // Down: the first batch fails, the rest are still due and fail in the next one.
    expect(await deliverDueMails(ctx.db, context)).toEqual({
      claimed: 10,
      delivered: 0,
      retrying: 10,
      failed: 0,
    });
    expect(await deliverDueMails(ctx.db, context)).toEqual({
      claimed: 4,
      delivered: 0,
      retrying: 4,
      failed: 0,
    });
    // Not due again before the backoff has passed.
    expect((await deliverDueMails(ctx.db, context)).claimed).toBe(0);
    const down = await outbox();
    expect(down.map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ['pending', 1]));
    expect(down[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    await sink.start();
    // The backoff has passed (the clock moved on, not the test's time).
    await ctx.db.$client.query("UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'pending'");
    await drain(context);
    const up = await outbox();
    expect(up.every((row) => row.status === 'sent' && row.attempts === 2 && row.sent_at !== null)).toBe(true);
    expect(up.map((row) => row.message_id)).toEqual(ids.map((id) => outboxMessageId(id, HOST)));

    // Exactly once each: one arrival per outbox row, with that row's Message-ID and recipient.
    expect(sink.received).toHaveLength(14);
    expect(new Set(sink.received.map((mail) => mail.messageId))).toEqual(
      new Set(ids.map((id) => outboxMessageId(id, HOST))),
    );
    expect(sink.received.map((mail) => mail.to && 'text' in mail.to && mail.to.text).sort()).toEqual(
      Array.from({ length: 14 }, (_, n) => `visitor${n}@example.com`).sort(),
    );
    // Nothing is left to send, so nothing more arrives.
    expect((await deliverDueMails(ctx.db, context)).claimed).toBe(0);
    expect(sink.received).toHaveLength(14);
  });

  it('never sends a row twice with two job runners (two pools, as two server processes) at once', async () => {
    const ids = await queue(Array.from({ length: 40 }, (_, n) => confirmation(n)));
    const otherPool = createDb(ctx.env.DATABASE_URL!, 5);
    const policy = { ...FAST, batchSize: 4 };
    const first = counted(smtpTransport(sink.url, FROM));
    const second = counted(smtpTransport(sink.url, FROM));
    const silent = { error: () => undefined, warn: () => undefined };
    const locks = await Promise.all([
      takeInstanceLock(ctx.db.$client, silent),
      takeInstanceLock(otherPool.$client, silent),
    ]);
    // Kicks besides the round (each a job of its own, as "order paid" adds them): both runners send batches
    // at the same moments, up to four each at once. The round alone would send one batch at a time.
    for (let n = 0; n < 16; n++) await enqueueJob(ctx.db, { queue: MAIL_KICK_QUEUE, key: `kick-${n}` });
    const runners = [
      startJobRunner({
        db: ctx.db,
        lock: locks[0],
        queues: mailQueues(ctx.db, () => first, { intervalMs: 100, host: HOST, policy }),
        pollMs: 5,
        log: silent,
      }),
      startJobRunner({
        db: otherPool,
        lock: locks[1],
        queues: mailQueues(otherPool, () => second, { intervalMs: 100, host: HOST, policy }),
        pollMs: 5,
        log: silent,
      }),
    ];
    try {
      await Promise.all(runners.map((runner) => runner.start()));
      await sink.waitFor(40, 20_000);
      // A little longer: a row sent twice would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await Promise.all(locks.map((lock) => lock.stop()));
      await otherPool.$client.end();
    }
    expect(sink.received).toHaveLength(40);
    expect(new Set(sink.received.map((mail) => mail.messageId)).size).toBe(40);
    expect(first.sent + second.sent).toBe(40);
    expect(first.sent).toBeGreaterThan(0);
    expect(second.sent).toBeGreaterThan(0);
    const rows = await outbox();
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('gives up at once on a permanent refusal and reports it; the other mails go', async () => {
    const [refused, accepted] = await queue([confirmation(1, 'nobody@example.com'), confirmation(2)]);
    const givenUp: number[] = [];
    const context: DeliveryContext = {
      transport: smtpTransport(sink.url, FROM),
      policy: FAST,
      host: HOST,
      onGiveUp: (mail) => givenUp.push(mail.id),
    };
    expect(await deliverDueMails(ctx.db, context)).toEqual({
      claimed: 2,
      delivered: 1,
      retrying: 0,
      failed: 1,
    });
    const rows = await outbox();
    expect(rows.find((row) => row.id === refused)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows.find((row) => row.id === refused)!.last_error).toMatch(/550|mailbox/);
    expect(rows.find((row) => row.id === accepted)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(givenUp).toEqual([refused]);
  });

  it('marks a mail failed after the last attempt, keeping it in the outbox', async () => {
    await sink.stop();
    try {
      const [id] = await queue([confirmation(1)]);
      const givenUp: number[] = [];
      const context: DeliveryContext = {
        transport: smtpTransport(sink.url, FROM),
        policy: FAST,
        host: HOST,
        onGiveUp: (mail) => givenUp.push(mail.id),
      };
      await drain(context);
      expect(await outbox()).toEqual([
        expect.objectContaining({ id, status: 'failed', attempts: FAST.maxAttempts }),
      ]);
      expect(givenUp).toEqual([id]);
    } finally {
      await sink.start();
    }
  });

  it('backs off exponentially up to the cap', () => {
    const policy = { ...FAST, backoffBaseMs: 30_000, backoffCapMs: 3_600_000 };
    expect([1, 2, 3, 4, 8, 9, 20].map((failures) => retryDelayMs(failures, policy))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('without MAIL_URL marks mails stored for the development page, sending nothing', async () => {
    await queue([confirmation(1), confirmation(2)]);
    const context: DeliveryContext = { transport: storedTransport, policy: FAST, host: HOST };
    expect(await deliverDueMails(ctx.db, context)).toMatchObject({ claimed: 2, delivered: 2 });
    expect((await outbox()).map((row) => row.status)).toEqual(['stored', 'stored']);
    expect(sink.received).toHaveLength(0);
  });

  it('fails a row whose payload cannot be rendered instead of retrying it', async () => {
    const broken = confirmation(1);
    (broken.payload as { expiresAt: string }).expiresAt = 'not a date';
    const [id] = await queue([broken]);
    const context: DeliveryContext = { transport: storedTransport, policy: FAST, host: HOST };
    expect(await deliverDueMails(ctx.db, context)).toMatchObject({ claimed: 1, failed: 1 });
    expect(await outbox()).toEqual([expect.objectContaining({ id, status: 'failed', attempts: 1 })]);
  });

  it('is off in tests and on by default elsewhere; it stops with the app', async () => {
    const [id] = await queue([confirmation(1)]);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await outbox())[0]).toMatchObject({ id, status: 'pending' });

    const { buildApp } = await import('../../app.ts');
    const app = await buildApp({
      env: { ...ctx.env, MAIL_WORKER_INTERVAL_MS: 100 },
      db: ctx.db,
      webDistDir: '/nonexistent/',
      mailWorker: true,
      holdSweeper: false,
    });
    await app.ready();
    try {
      const deadline = Date.now() + 5000;
      while ((await outbox())[0]!.status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await app.close();
    }
    expect((await outbox())[0]).toMatchObject({ id, status: 'stored' });
  });
});
