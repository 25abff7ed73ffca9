import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInAnswerSchema, ticketResponseSchema } from '@kippu/contract';
import { createGateKey } from '../src/domain/check-ins/gate-keys.ts';
import { verifyTicketQr } from '../src/domain/tickets/ticket-qr.ts';
import { payWithCard, readyOrder } from './checkout-support.ts';
import { setupTestApp, xsrfHeaders } from './helper.ts';
import { productWithSlot, SITE_PATH } from './order-support.ts';
import { moveSlotToNow } from './entry-window-support.ts';
import { spawnServer, type ServerChild } from './server-child.ts';

/**
 * Issue 24, acceptance 2 (ADR 048), with real server processes in production on a database the demo seed
 * filled with the repository's secrets: the start refuses them and names the command that removes them,
 * refuses a weak APP_SECRET, and after a rotation with APP_SECRET_PREVIOUS a ticket's old QR code still
 * checks in at the gate.
 */
const OLD_SECRET = randomBytes(48).toString('base64');
const NEW_SECRET = randomBytes(48).toString('base64url');
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// The app in this process plays the server before the rotation: it sold the ticket and signed its QR.
const ctx = setupTestApp({ APP_SECRET: OLD_SECRET });
const servers: ServerChild[] = [];
afterAll(() => servers.forEach((server) => server.kill()));

function production(env: Record<string, string>): Promise<ServerChild> {
  return spawnServer({
    DATABASE_URL: ctx.env.DATABASE_URL!,
    NODE_ENV: 'production',
    GATEWAY_SIMULATOR: 'off',
    LOG_LEVEL: 'info',
    ...env,
  }).then((server) => {
    servers.push(server);
    return server;
  });
}

async function refusal(env: Record<string, string>): Promise<string> {
  const server = await production(env);
  const exit = await server.exited;
  expect(exit.code).toBe(1);
  return server.output();
}

/** `npm run remove-demo-data` as an operator runs it, on the test's database. */
function removeDemoData(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/remove-demo-data.ts', ...args],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          APP_SECRET: NEW_SECRET,
          SECRETS_KEY: randomBytes(32).toString('base64'),
          DATABASE_URL: ctx.env.DATABASE_URL!,
        },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('a production start on a database with the repository demo (real processes)', () => {
  it('refuses while a demo row still carries a repository secret, naming the command', async () => {
    const output = await refusal({ APP_SECRET: NEW_SECRET });
    expect(output).toContain("demo rows still carry the repository's public demo secrets");
    expect(output).toMatch(/14 gate key\(s\) with the public demo key \(BORDERLESS gate key \d+ "Demo gate"/);
    expect(output).toMatch(/\d+ coupon\(s\) with documented demo codes \(DEMO coupon DEMO10,/);
    expect(output).toContain(
      "1 member(s) with the README's demo password (ARTIZON member member@kippu.example)",
    );
    expect(output).toContain('`npm run remove-demo-data`');
  });

  it('refuses a weak APP_SECRET and says how to make one', async () => {
    const output = await refusal({ APP_SECRET: 'a'.repeat(40) });
    expect(output).toContain('APP_SECRET: too weak for production');
    expect(output).toContain('openssl rand -base64 48');
  });

  it('npm run remove-demo-data lists on a dry run, then removes; the start then goes on', async () => {
    const dry = await removeDemoData(['--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.output).toMatch(/DEMO\tcoupon DEMO-FREE \(id \d+\)\tdeleted/);
    expect(dry.output).toMatch(/DEMO\tgate key Demo gate \(id \d+\)\tdeleted/);
    const run = await removeDemoData([]);
    expect(run.code).toBe(0);
    expect(run.output).toContain('Demo data removed');
    const server = await production({ APP_SECRET: NEW_SECRET });
    await server.ready();
    server.kill();
  }, 120_000);

  it('after a rotation, a ticket QR signed with the old secret checks in with APP_SECRET_PREVIOUS, not without', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const paid = await payWithCard(ctx.app, order.token);
    expect(paid.statusCode).toBe(200);
    await moveSlotToNow(ctx.db, slot.spanId); // inside the entry window (ADR 111)
    const token = paid.json<{ reservation_token: string }>().reservation_token;
    const ticketPage = async (baseUrl?: string) => {
      const url = `${SITE_PATH}/tickets/${token}?lang=en`;
      const response = baseUrl
        ? await fetch(baseUrl + url).then(async (r) => ({ status: r.status, body: await r.text() }))
        : await ctx.app.inject({ method: 'GET', url }).then((r) => ({ status: r.statusCode, body: r.body }));
      expect(response.status, response.body).toBe(200);
      return ticketResponseSchema.parse(JSON.parse(response.body)).tickets[0]!.qr;
    };
    const oldQr = await ticketPage();
    const gateKey = (await createGateKey(ctx.db, 'DEMO', 'North entrance')).key;
    let nonce = 0;
    const scan = async (server: ServerChild) => {
      const response = await fetch(`${server.baseUrl}${SITE_PATH}/gate/check-ins`, {
        method: 'POST',
        headers: { ...xsrfHeaders(), 'content-type': 'application/json', 'x-gate-key': gateKey },
        body: JSON.stringify({
          code: oldQr,
          mode: 'gate',
          nonce: `rotation-${++nonce}-${randomBytes(8).toString('hex')}`,
          lang: 'en',
        }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return checkInAnswerSchema.parse(await response.json()).result;
    };

    const withoutPrevious = await production({ APP_SECRET: NEW_SECRET });
    await withoutPrevious.ready();
    expect(await scan(withoutPrevious)).toBe('invalid');
    withoutPrevious.kill();
    await withoutPrevious.exited;

    const rotated = await production({ APP_SECRET: NEW_SECRET, APP_SECRET_PREVIOUS: `${OLD_SECRET}` });
    await rotated.ready();
    // The ticket page now shows a code signed with the new secret; the old one still admits once.
    const newQr = await ticketPage(rotated.baseUrl);
    expect(newQr).not.toBe(oldQr);
    expect(verifyTicketQr(newQr, NEW_SECRET)).not.toBeNull();
    expect(await scan(rotated)).toBe('success');
    expect(await scan(rotated)).toBe('used');
  }, 180_000);
});
