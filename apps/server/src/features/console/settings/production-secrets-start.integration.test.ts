import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { secretKeyring } from '../../../config/secrets-key.ts';
import { readSiteSecret } from '../../../domain/sites/site-secrets.ts';
import { removeDemoData } from '../../../seed/remove-demo-data.ts';
import { setupTestApp } from '../../../../test/helper.ts';
import { spawnServer, type ServerChild } from '../../../../test/server-child.ts';

/**
 * ADR 071 (review findings 5, 6): production reads no plaintext `site_secrets` row, except the re-encryption
 * at start. A fresh production start (a real server process) on a database with legacy plaintext rows must
 * encrypt them first and then serve; afterwards the production keyring opens them, and a row downgraded to
 * plaintext by a database writer is refused. The demo's repository secrets and staff are removed first, as
 * an operator does before a production start (production-demo-staff.integration.test.ts).
 */
const ctx = setupTestApp();
const APP_SECRET = randomBytes(48).toString('base64url');
const SECRETS_KEY = randomBytes(32).toString('base64');
const servers: ServerChild[] = [];
afterAll(() => servers.forEach((server) => server.kill()));

/**
 * The guard's other signals (the pool's queue, calls in flight) cannot be switched off from the environment:
 * a refusal with Retry-After is waited out a few times, as the SPA does, and anything else is the answer.
 */
async function fetchAsTheSpaDoes(url: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url);
    const retryAfter = Number(response.headers.get('Retry-After'));
    if (response.status !== 503 || !(retryAfter > 0) || attempt === 3) return response;
    await response.body?.cancel();
    await sleep(retryAfter * 1000);
  }
}

describe('a production start with legacy plaintext site secrets (real process)', () => {
  it('encrypts them before serving, then serves; the production keyring reads them and refuses plaintext', async () => {
    await ctx.db.$client.query(`UPDATE gate_keys SET revoked_at = now()`);
    await ctx.db.$client.query(`UPDATE coupons SET is_demo = false WHERE is_demo`);
    await ctx.db.$client.query(`UPDATE members SET is_demo = false WHERE is_demo`);
    await removeDemoData(ctx.db, { dryRun: false });
    await ctx.db.$client.query(
      `INSERT INTO site_secrets (site_code, name, value) VALUES
         ('DEMO', 'gmo_shop_pass', 'legacy-shop-pass'), ('ARTIZON', 'stripe_secret_key', 'legacy-stripe')`,
    );
    const env = { NODE_ENV: 'production', APP_SECRET, SECRETS_KEY };
    const keys = secretKeyring(env);
    expect(keys.readsPlaintext).toBe(false);
    await expect(readSiteSecret(ctx.db, keys, 'DEMO', 'gmo_shop_pass')).rejects.toThrow(/refused/);

    const server = await spawnServer({
      DATABASE_URL: ctx.env.DATABASE_URL!,
      GATEWAY_SIMULATOR: 'off',
      LOG_LEVEL: 'info',
      ...env,
    });
    servers.push(server);
    await server.ready();
    expect(server.output()).toContain('site secrets: 2 value(s) encrypted with the current SECRETS_KEY');
    const { rows } = await ctx.db.$client.query<{ key_id: string | null; value: string }>(
      `SELECT key_id, value FROM site_secrets ORDER BY site_code`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.key_id === keys.current.id && !row.value.includes('legacy'))).toBe(true);
    expect(await readSiteSecret(ctx.db, keys, 'DEMO', 'gmo_shop_pass')).toBe('legacy-shop-pass');
    expect(await readSiteSecret(ctx.db, keys, 'ARTIZON', 'stripe_secret_key')).toBe('legacy-stripe');
    const served = await fetchAsTheSpaDoes(`${server.baseUrl}/borderless/api/v1/langs`);
    expect(served.status).toBe(200);

    // A database writer downgrading a value to plaintext of its choosing: refused until a restart encrypts it.
    await ctx.db.$client.query(
      `UPDATE site_secrets SET value = 'chosen', key_id = NULL WHERE site_code = 'DEMO' AND name = 'gmo_shop_pass'`,
    );
    await expect(readSiteSecret(ctx.db, keys, 'DEMO', 'gmo_shop_pass')).rejects.toThrow(
      /refused in production/,
    );
    server.kill();
  }, 120_000);
});
