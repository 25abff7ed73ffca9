import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretKeyring } from '../src/config/secrets-key.ts';
import { recordAudit } from '../src/domain/audit/record-audit.ts';
import { createWebhook } from '../src/domain/webhooks/webhook-subscriptions.ts';
import { webhookTargetPolicy } from '../src/domain/webhooks/webhook-worker.ts';
import { setupTestApp } from './helper.ts';
import { spawnServer, type ServerChild } from './server-child.ts';

/**
 * A webhook delivery in flight when the real server is killed with SIGKILL (ADR 087): the next server sends
 * the same event once more (same id) and the log keeps the interrupted try: at least once, never lost.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
const ctx = setupTestApp({ SECRETS_KEY, WEBHOOK_ALLOWED_ADDRESSES: '127.0.0.1' });
const servers: ServerChild[] = [];

/** The receiver holds its first request open (the server dies while waiting) and answers later ones 200. */
let receiver: Server;
let port = 0;
const ids: string[] = [];
beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      ids.push(String(request.headers['kippu-webhook-id']));
      if (ids.length > 1) response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const server of servers) server.kill();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function start(): Promise<ServerChild> {
  const server = await spawnServer({
    DATABASE_URL: ctx.env.DATABASE_URL!,
    SECRETS_KEY,
    JOB_POLL_MS: '50',
    WEBHOOK_INTERVAL_MS: '200',
  });
  servers.push(server);
  await server.ready();
  return server;
}

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a delivery in flight when the server is killed with SIGKILL', () => {
  it('is sent once more by the next server, with the same event id', async () => {
    const { rows: demo } = await ctx.db.execute<{ organisation_id: string; slot: string }>(sql`
      SELECT s.organisation_id, (SELECT t.id FROM time_spans t JOIN products p ON p.id = t.product_id
                                 WHERE p.site_code = 'DEMO' LIMIT 1) AS slot
      FROM sites s WHERE s.code = 'DEMO'`);
    const { webhook } = await createWebhook(
      ctx.db,
      { keys: secretKeyring(ctx.env), policy: webhookTargetPolicy(ctx.env) },
      {
        organisationId: Number(demo[0]!.organisation_id),
        siteCodes: ['DEMO'],
        actor: { kind: 'system', label: 'webhooks' },
        body: {
          url: `http://127.0.0.1:${port}/hook`,
          description: '',
          event_types: ['slot.changed'],
          site_codes: ['DEMO'],
          enabled: true,
        },
      },
    );
    await ctx.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { kind: 'system', label: 'webhooks' },
        siteCode: 'DEMO',
        objectType: 'slot',
        objectId: String(demo[0]!.slot),
        action: 'capacity_changed',
      }),
    );
    const first = await start();
    await until(() => ids.length === 1, 120_000, 'the first try to reach the receiver').catch((error) => {
      throw new Error(`${String(error)}\n${first.output()}`);
    });
    first.kill();
    await first.exited;
    // The killed try's lease would end after two minutes: the test moves it to now rather than wait.
    await ctx.db.execute(sql`
      UPDATE webhook_deliveries SET next_attempt_at = now()
      WHERE subscription_id = ${webhook.id} AND status = 'pending'`);
    const second = await start();
    const delivered = async () => {
      const { rows } = await ctx.db.execute<{ status: string }>(
        sql`SELECT status FROM webhook_deliveries WHERE subscription_id = ${webhook.id}`,
      );
      return rows[0]?.status === 'delivered';
    };
    await until(delivered, 120_000, 'the delivery to be delivered by the second server').catch((error) => {
      throw new Error(`${String(error)}\n${second.output()}`);
    });
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    const { rows: attempts } = await ctx.db.execute<{
      number: number;
      status_code: number | null;
      finished: boolean;
    }>(sql`
      SELECT a.number, a.status_code, a.finished_at IS NOT NULL AS finished
      FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
      WHERE d.subscription_id = ${webhook.id} ORDER BY a.number`);
    expect(attempts).toEqual([
      { number: 1, status_code: null, finished: false },
      { number: 2, status_code: 200, finished: true },
    ]);
  }, 400_000);
});
