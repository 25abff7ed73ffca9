import { randomBytes } from 'node:crypto';
import type { Env } from '../config/env.ts';

/**
 * Which secrets the demo seed writes (ADR 048): the repository's well-known ones (the gate key, coupon codes
 * and member password the README, docs/demo-coupons.md and the e2e journeys use), or fresh random ones.
 */
export type DemoSecrets = 'repository' | 'fresh';

/** Production never gets the repository's demo secrets, even when SEED_DEMO_DATA=true asks for the demo. */
export function demoSecretsFor(env: Pick<Env, 'NODE_ENV'>): DemoSecrets {
  return env.NODE_ENV === 'production' ? 'fresh' : 'repository';
}

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Random characters that read unambiguously (no 0/O, 1/I): 5 bits each, 10 by default (50 bits). */
export function freshDemoSuffix(length = 10): string {
  return [...randomBytes(length)].map((byte) => BASE32[byte & 31]).join('');
}
