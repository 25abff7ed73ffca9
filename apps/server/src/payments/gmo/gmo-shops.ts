import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import type { GmoShop } from './gmo-card-provider.ts';

/** The password the simulator's test shops are given (the simulator checks only that one is sent). */
export const SIMULATOR_SHOP_PASS = 'simulator';

/**
 * A site's GMO-PG shop: the public shop id from its settings (`payment.cardProviderKeys.gmo`, also what the
 * token script is initialised with) and the shop password from `site_secrets` (`gmo_shop_pass`). Against
 * the simulator the password is the simulator's. Null when the site has no shop (its GMO methods decline).
 */
export function gmoShopDirectory(db: Db, simulated: boolean): (site: SiteCode) => Promise<GmoShop | null> {
  return async (site) => {
    const { rows } = await db.execute<{ shop_id: string | null; shop_pass: string | null }>(sql`
      SELECT s.settings -> 'payment' -> 'cardProviderKeys' ->> 'gmo' AS shop_id,
             (SELECT value FROM site_secrets WHERE site_code = s.code AND name = 'gmo_shop_pass') AS shop_pass
      FROM sites s WHERE s.code = ${site}`);
    const shopId = rows[0]?.shop_id;
    const shopPass = simulated ? SIMULATOR_SHOP_PASS : rows[0]?.shop_pass;
    return shopId && shopPass ? { shopId, shopPass } : null;
  };
}
