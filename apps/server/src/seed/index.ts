import type { Env } from '../config/env.ts';
import { seedDemoGateKeys } from './demo-gate-keys.ts';
import type { Db } from '../db/client.ts';
import { seedCalendarColors } from './calendar-colors.ts';
import { seedDemoCoupons } from './demo-coupons.ts';
import type { DemoSecrets } from './demo-secrets.ts';
import { seedDemoMembers } from './demo-members.ts';
import { seedDemoStaff } from './demo-staff.ts';
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
 * add-ons, 90 days of slots, calendar colours, coupons, the demo member and gate keys. Every row has a
 * stable key and is inserted when absent, never updated, so a restart keeps what staff changed. The rows
 * are marked `is_demo` (ADR 048). `secrets` chooses the repository's well-known coupon codes, gate key and
 * member password (development, tests) or fresh random ones (production).
 */
export async function seedDemoData(db: Db, secrets: DemoSecrets = 'repository'): Promise<void> {
  await seedProducts(db);
  await seedTimeSpans(db);
  await seedCalendarColors(db);
  // Coupons refer to the sites and products above.
  await seedDemoCoupons(db, secrets);
  // ARTIZON's member promotion and demo member (README "Membership login").
  await seedDemoMembers(db, secrets);
  await seedDemoGateKeys(db, secrets);
  // The demo organisations and their staff (README "Console").
  await seedDemoStaff(db, secrets);
}

/**
 * SEED_DEMO_DATA when set; unset, the zero-setup path (embedded database) gets the full demo outside
 * production, and a server on DATABASE_URL or in production gets none, so an operator's database never
 * receives demo products or the repository's demo secrets by accident (ADR 013, 048).
 */
export function wantsDemoData(env: Pick<Env, 'SEED_DEMO_DATA' | 'DATABASE_URL' | 'NODE_ENV'>): boolean {
  return env.SEED_DEMO_DATA ?? (env.DATABASE_URL === undefined && env.NODE_ENV !== 'production');
}

/** What a server start does: the reference data always, the demo data when asked (SEED_DEMO_DATA). */
export async function seedOnStart(db: Db, options: { demo: boolean; secrets?: DemoSecrets }): Promise<void> {
  await applyReferenceData(db);
  if (options.demo) await seedDemoData(db, options.secrets);
}

/**
 * Keeps the demo's 90-day stock and calendar window moving while a server runs for days: it only adds
 * slots and colours for days after the last ones there. A plain chained timer in each process, not a job
 * (ADR 057): it runs on the seed's own pool from main.ts, and a run in two processes at once adds nothing
 * twice. `stop` waits for a run in flight.
 */
export function keepDemoWindowOpen(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = 6 * 3600 * 1000,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = seedTimeSpans(db)
        .then(() => seedCalendarColors(db))
        .catch(onError)
        .finally(schedule);
    }, everyMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
