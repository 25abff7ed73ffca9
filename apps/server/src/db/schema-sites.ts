/** Drizzle view of the tables added by migrations 0100-0199 (sites, seed) and 0510 (site settings). */
import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { LocalizedText, OptionItem } from '@kippu/contract';

export const paymentMethodTypes = pgTable('payment_method_types', {
  method: text('method').primaryKey(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
});

/** Migration 0510: shared select lists, named by settings documents as { list: name }. */
export const optionLists = pgTable('option_lists', {
  name: text('name').primaryKey(),
  items: jsonb('items').$type<OptionItem[]>().notNull(),
});

/** Migration 0510: a site's provider secrets. Server code reads them; no response ever includes them. */
export const siteSecrets = pgTable(
  'site_secrets',
  {
    siteCode: text('site_code').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteCode, t.name] })],
);
