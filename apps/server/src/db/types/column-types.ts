/**
 * What the catalog cannot say: the TypeScript type of a jsonb column's document. Keyed `table.column`; the
 * types come from the contract (the db layer imports nothing of the domain). A jsonb column not listed is
 * `unknown`: its reader parses or casts it where it knows the shape.
 */
export const JSON_COLUMN_TYPES: Record<string, string> = {
  'coupons.names': 'LocalizedText',
  'membership_promotions.names': 'LocalizedText',
  'option_lists.items': 'OptionItem[]',
  'option_values.names': 'LocalizedText',
  'orders.customer_info': '{ key: string; value: string }[]',
  'orders.membership_promotion_names': 'LocalizedText',
  'payment_method_types.names': 'LocalizedText',
  'products.cautions': 'LocalizedText',
  'products.descriptions': 'LocalizedText',
  'products.names': 'LocalizedText',
  'set_products.descriptions': 'LocalizedText',
  'set_products.names': 'LocalizedText',
  'sites.settings': 'StoredSiteSettings',
};

/** The contract's names the types above use, imported by the generated files. */
export const CONTRACT_TYPE_IMPORTS = ['LocalizedText', 'OptionItem', 'StoredSiteSettings'];

/**
 * The value the pg driver hands over for each column type, with the parsers `client.ts` installs: int8 as a
 * number, date as its 'YYYY-MM-DD' text, jsonb parsed. A timestamptz depends on the path (rows.ts's
 * `Timestamp`): drizzle's `db.execute` hands over PostgreSQL's text, the pool itself a Date.
 */
export const DRIVER_TYPES: Record<string, string> = {
  bool: 'boolean',
  date: 'string',
  int4: 'number',
  int8: 'number',
  jsonb: 'unknown',
  text: 'string',
  timestamptz: 'Timestamp',
  uuid: 'string',
};
