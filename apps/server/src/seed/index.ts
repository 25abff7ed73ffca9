import type { Env } from '../config/env.ts';
import { seedDemoGateKeys } from './demo-gate-keys.ts';
import type { Db } from '../db/client.ts';
import { startRepeatingJob, type RepeatingJob } from '../shared/repeating-job.ts';
import { seedCalendarColors } from './calendar-colors.ts';
import { seedDemoCoupons } from './demo-coupons.ts';
import { seedDemoMembers } from './demo-members.ts';
import { seedFieldTemplates } from './field-templates.ts';
import { seedLanguages } from './languages.ts';
import { seedOptionLists } from './option-lists.ts';
import { seedPaymentMethods } from './payment-methods.ts';
import { seedProducts } from './products.ts';
import { seedSites } from './sites.ts';
import { seedTexts } from './texts.ts';
import { seedTimeSpans } from './time-spans.ts';

/**
 * Reference data (ADR 013): what the code defines and a running installation needs whatever SEED_DEMO_DATA
 * says. Applied on every start. Shared texts, select lists and payment-method names follow the code
 * (upserted, so a new text key reaches production); the 14 reference sites with their languages, form
 * fields and payment methods are inserted when absent and never updated.
 */
export async function applyReferenceData(db: Db): Promise<void> {
  await seedSites(db);
  await seedLanguages(db);
  await seedTexts(db);
  await seedOptionLists(db);
  await seedFieldTemplates(db);
  await seedPaymentMethods(db);
}

/**
 * Demo data (ADR 013), an explicit step after the reference data: products, ticket types and prices,
 * add-ons, 90 days of slots, calendar colours and coupons. Every row has a stable key and is inserted when
 * absent, never updated, so a restart keeps what staff changed.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await seedProducts(db);
  await seedTimeSpans(db);
  await seedCalendarColors(db);
  // Coupons refer to the sites and products above.
  await seedDemoCoupons(db);
  // ARTIZON's member promotion and demo member (README "Membership login").
  await seedDemoMembers(db);
  await seedDemoGateKeys(db);
}

/**
 * SEED_DEMO_DATA when set; unset, the zero-setup path (embedded database) gets the full demo and a server
 * on DATABASE_URL gets none, so an operator's database never receives demo products by accident.
 */
export function wantsDemoData(env: Pick<Env, 'SEED_DEMO_DATA' | 'DATABASE_URL'>): boolean {
  return env.SEED_DEMO_DATA ?? env.DATABASE_URL === undefined;
}

/** What a server start does: the reference data always, the demo data when asked (SEED_DEMO_DATA). */
export async function seedOnStart(db: Db, options: { demo: boolean }): Promise<void> {
  await applyReferenceData(db);
  if (options.demo) await seedDemoData(db);
}

/**
 * Keeps the demo's 90-day stock and calendar window moving while a server runs for days: it only adds
 * slots and colours for days after the last ones there. Returns a stop function.
 */
export function keepDemoWindowOpen(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = 6 * 3600 * 1000,
): RepeatingJob {
  return startRepeatingJob({
    intervalMs: everyMs,
    runOnce: async () => {
      await seedTimeSpans(db);
      await seedCalendarColors(db);
      return false;
    },
    onError,
  });
}
