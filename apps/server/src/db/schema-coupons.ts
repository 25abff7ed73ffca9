/** Drizzle view of migrations/0400_coupon_campaigns.sql (the SQL is the source of truth). */
import { boolean, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const couponCampaigns = pgTable(
  'coupon_campaigns',
  {
    siteCode: text('site_code').notNull(),
    campaign: text('campaign').notNull(),
    coverageFrom: date('coverage_from', { mode: 'string' }),
    coverageTo: date('coverage_to', { mode: 'string' }),
    /** Written by the demo seed (migration 0700, ADR 048). */
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.siteCode, t.campaign] })],
);
