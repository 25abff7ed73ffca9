/** Drizzle view of the tables added by migrations 0100-0199 (sites, seed). */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@kippu/contract';

export const paymentMethodTypes = pgTable('payment_method_types', {
  method: text('method').primaryKey(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
});
