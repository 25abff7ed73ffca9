import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secretKeyring } from '../../config/secrets-key.ts';
import { writeSiteSecret } from '../../domain/sites/site-secrets.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { gmoShopDirectory, SIMULATOR_SHOP_PASS } from './gmo-shops.ts';

const ctx = setupTestApp();

describe('GMO-PG shops read their password through site-secrets (issue 28, ADR 071)', () => {
  it('opens an encrypted password, a legacy plaintext one, and needs no key against the simulator', async () => {
    const keys = secretKeyring(ctx.env);
    await writeSiteSecret(ctx.db, keys, {
      site: 'DEMO',
      name: 'gmo_shop_pass',
      value: 'encrypted-pass',
      staffId: null,
    });
    const stored = await ctx.db.execute<{ value: string }>(
      sql`SELECT value FROM site_secrets WHERE site_code = 'DEMO' AND name = 'gmo_shop_pass'`,
    );
    expect(stored.rows[0]!.value).not.toContain('encrypted-pass');
    expect(await gmoShopDirectory(ctx.db, false, keys)('DEMO')).toMatchObject({ shopPass: 'encrypted-pass' });

    await ctx.db.execute(sql`
      INSERT INTO site_secrets (site_code, name, value) VALUES ('MORI', 'gmo_shop_pass', 'plain-pass')
      ON CONFLICT (site_code, name) DO UPDATE SET value = 'plain-pass', key_id = NULL`);
    expect(await gmoShopDirectory(ctx.db, false, keys)('MORI')).toMatchObject({ shopPass: 'plain-pass' });
    expect(await gmoShopDirectory(ctx.db, true)('DEMO')).toMatchObject({ shopPass: SIMULATOR_SHOP_PASS });
  });
});
