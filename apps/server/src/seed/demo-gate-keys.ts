import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hashGateKey } from '../domain/check-ins/gate-keys.ts';

/**
 * The demo's gate key (README "Entry gate"), on every site: anyone trying the demo can open the scanner.
 * Demo data only (never on an operator's database unless SEED_DEMO_DATA=true); inserted when absent, so a
 * key staff revoked stays revoked.
 */
export const DEMO_GATE_KEY = 'KG1-DEMOGATEDEMOGATEDEMOGATEDEMOGATE';

export async function seedDemoGateKeys(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO gate_keys (site_code, label, key_hash)
    SELECT code, 'Demo gate', ${hashGateKey(DEMO_GATE_KEY)} FROM sites
    ON CONFLICT (site_code, key_hash) DO NOTHING`);
}
