import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { SecretKeyring } from '../../config/secrets-key.ts';
import type { Db } from '../../db/client.ts';
import { readSiteSecret } from '../../domain/sites/site-secrets.ts';
import type { GmoShop } from './gmo-card-provider.ts';

/** The password the simulator's test shops are given (the simulator checks only that one is sent). */
export const SIMULATOR_SHOP_PASS = 'simulator';

/**
 * A site's GMO-PG shop: the public shop id from its settings (`payment.cardProviderKeys.gmo`, also what the
 * token script is initialised with) and the shop password from `site_secrets` (`gmo_shop_pass`). Against
 * the simulator the password is the simulator's. Null when the site has no shop (its GMO methods decline).
 * The password is encrypted at rest; domain/sites/site-secrets.ts opens it with `keys` (ADR 071; the
 * simulator needs none).
 */
export function gmoShopDirectory(
  db: Db,
  simulated: boolean,
  keys: SecretKeyring | null = null,
): (site: SiteCode) => Promise<GmoShop | null> {
  return async (site) => {
    const { rows } = await db.execute<{ shop_id: string | null }>(sql`
      SELECT s.settings -> 'payment' -> 'cardProviderKeys' ->> 'gmo' AS shop_id FROM sites s WHERE s.code = ${site}`);
    const shopId = rows[0]?.shop_id;
    if (!shopId) return null;
    if (!simulated && !keys) throw new Error('gmoShopDirectory: the real gateway needs the secrets keyring');
    const shopPass = simulated ? SIMULATOR_SHOP_PASS : await readSiteSecret(db, keys!, site, 'gmo_shop_pass');
    return shopPass ? { shopId, shopPass } : null;
  };
}
