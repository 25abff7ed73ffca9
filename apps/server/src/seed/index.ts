import type { Db } from '../db/client.ts';
import { seedCalendarColors } from './calendar-colors.ts';
import { seedDemoCoupons } from './demo-coupons.ts';
import { seedFieldTemplates } from './field-templates.ts';
import { seedLanguages } from './languages.ts';
import { seedPaymentMethods } from './payment-methods.ts';
import { seedProducts } from './products.ts';
import { seedSites } from './sites.ts';
import { seedTexts } from './texts.ts';
import { seedTimeSpans } from './time-spans.ts';

/**
 * Demo data for all 14 sites. Runs on every start: each step upserts by natural keys, so a second run
 * changes nothing except adding the days that have come into the 90-day stock window.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await seedSites(db);
  await seedLanguages(db);
  await seedTexts(db);
  await seedFieldTemplates(db);
  await seedPaymentMethods(db);
  await seedProducts(db);
  await seedTimeSpans(db);
  await seedCalendarColors(db);
  // Coupons refer to the sites and products above.
  await seedDemoCoupons(db);
}

/**
 * Keeps the demo's 90-day stock and calendar window moving while a server runs for days: only the
 * steps that add future days, never the ones that rewrite settings or prices. Returns a stop function.
 */
export function keepDemoWindowOpen(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = 6 * 3600 * 1000,
): () => void {
  const timer = setInterval(() => {
    seedTimeSpans(db)
      .then(() => seedCalendarColors(db))
      .catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
