import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hashGateKey, newGateKey } from '../domain/check-ins/gate-keys.ts';
import type { DemoSecrets } from './demo-secrets.ts';

/**
 * The demo's gate key (README "Entry gate"), on every site: anyone trying the demo can open the scanner.
 * Demo data only (never on an operator's database unless SEED_DEMO_DATA=true); inserted when absent, so a
 * key staff revoked stays revoked. Public: a production server refuses to start while a demo row has it.
 */
export const DEMO_GATE_KEY = 'KG1-DEMOGATEDEMOGATEDEMOGATEDEMOGATE';

/**
 * One demo gate key per site, marked as demo. With fresh secrets (an explicit production demo, ADR 048)
 * each site without a demo key gets a random one whose value is kept nowhere (only its digest, as for every
 * key): staff make the key they type with `npm run gate-key -- create`, so no gate opens with a key that
 * was ever printed or logged.
 */
export async function seedDemoGateKeys(db: Db, secrets: DemoSecrets = 'repository'): Promise<void> {
  if (secrets === 'repository') {
    await db.execute(sql`
      INSERT INTO gate_keys (site_code, label, key_hash, is_demo)
      SELECT code, 'Demo gate', ${hashGateKey(DEMO_GATE_KEY)}, true FROM sites
      ON CONFLICT (site_code, key_hash) DO NOTHING`);
    return;
  }
  const { rows } = await db.execute<{ code: string }>(sql`
    SELECT code FROM sites s WHERE NOT EXISTS (SELECT 1 FROM gate_keys k WHERE k.site_code = s.code AND k.is_demo)`);
  for (const { code } of rows) {
    await db.execute(sql`
      INSERT INTO gate_keys (site_code, label, key_hash, is_demo)
      VALUES (${code}, 'Demo gate', ${hashGateKey(newGateKey())}, true)`);
  }
}
