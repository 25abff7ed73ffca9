import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper.ts';
import { productUuid } from './demo-ids.ts';
import { seedOnStart } from './index.ts';
import { seedTimeSpans } from './time-spans.ts';

/** What an operator does between two starts of a server that seeds demo data (ADR 013). */
describe('a restart with demo data keeps what staff changed', () => {
  const ctx = setupTestApp();
  const query = <T extends object>(text: string, values: unknown[] = []) =>
    ctx.db.$client.query<T>(text, values).then((r) => r.rows);
  const restart = () => seedOnStart(ctx.db, { demo: true });

  const ticketTypes = (product: string) =>
    query<{ id: number; en: string; price: number; position: number; seed_key: string | null }>(
      `SELECT ov.id, ov.names ->> 'en' AS en, ov.price, ov.position, ov.seed_key
       FROM option_values ov JOIN products p ON p.id = ov.product_id
       WHERE p.uuid = $1 ORDER BY ov.id`,
      [product],
    );

  it('keeps prices, product names and site settings', async () => {
    const entry = productUuid('BORDERLESS', 'entry');
    const [adult] = await ticketTypes(entry);
    await query('UPDATE option_values SET price = 4321 WHERE id = $1', [adult!.id]);
    await query(
      `UPDATE products SET names = jsonb_set(names, '{en}', '"Renamed by staff"') WHERE uuid = $1`,
      [entry],
    );
    await query(
      `UPDATE sites SET settings = jsonb_set(settings, '{theme,primary}', '"#123456"'),
                        few_stock_threshold = 7, hold_minutes = 45
       WHERE code = 'BORDERLESS'`,
    );

    await restart();

    expect((await ticketTypes(entry))[0]).toMatchObject({ id: adult!.id, price: 4321 });
    const [product] = await query<{ en: string }>(
      `SELECT names ->> 'en' AS en FROM products WHERE uuid = $1`,
      [entry],
    );
    expect(product!.en).toBe('Renamed by staff');
    const [site] = await query<{ primary: string; few: number; hold: number }>(
      `SELECT settings #>> '{theme,primary}' AS primary, few_stock_threshold AS few, hold_minutes AS hold
       FROM sites WHERE code = 'BORDERLESS'`,
    );
    expect(site).toEqual({ primary: '#123456', few: 7, hold: 45 });
  });

  it('keeps language order, form fields and payment-method order', async () => {
    await query(
      "UPDATE languages SET display_position = 0, is_default = true WHERE site_code = 'RUINS' AND code = 'th'",
    );
    await query("UPDATE languages SET is_default = false WHERE site_code = 'RUINS' AND code = 'ja'");
    await query(
      "UPDATE field_templates SET is_require = true WHERE site_code = 'RUINS' AND field_name = 'phone'",
    );
    await query(
      "UPDATE payment_methods SET position = 99 WHERE site_code = 'RUINS' AND channel = 'web' AND method = 'gmo_3ds'",
    );

    await restart();

    const langs = await query<{ code: string }>(
      "SELECT code FROM languages WHERE site_code = 'RUINS' AND is_default ORDER BY display_position",
    );
    expect(langs.map((l) => l.code)).toEqual(['th']);
    const [phone] = await query<{ is_require: boolean }>(
      "SELECT is_require FROM field_templates WHERE site_code = 'RUINS' AND field_name = 'phone'",
    );
    expect(phone!.is_require).toBe(true);
    const [method] = await query<{ position: number }>(
      "SELECT position FROM payment_methods WHERE site_code = 'RUINS' AND channel = 'web' AND method = 'gmo_3ds'",
    );
    expect(method!.position).toBe(99);
  });

  it('keeps each ticket type its name and price when staff reorder them', async () => {
    const entry = productUuid('LAB_EXHIBITION', 'entry');
    const before = await ticketTypes(entry);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const [first, second] = before;
    // Staff swap the first two ticket types (by way of a free position).
    await query('UPDATE option_values SET position = -1 WHERE id = $1', [first!.id]);
    await query('UPDATE option_values SET position = $2 WHERE id = $1', [second!.id, first!.position]);
    await query('UPDATE option_values SET position = $2 WHERE id = $1', [first!.id, second!.position]);

    await restart();

    const after = await ticketTypes(entry);
    expect(after.map(({ id, en, price }) => ({ id, en, price }))).toEqual(
      before.map(({ id, en, price }) => ({ id, en, price })),
    );
    expect(after.find((t) => t.id === first!.id)!.position).toBe(second!.position);
  });

  it('adopts the ticket types of a database seeded before stable keys instead of adding copies', async () => {
    const entry = productUuid('MORI', 'entry');
    const before = await ticketTypes(entry);
    await query(
      'UPDATE option_values SET seed_key = NULL WHERE product_id = (SELECT id FROM products WHERE uuid = $1)',
      [entry],
    );

    await restart();

    expect(await ticketTypes(entry)).toEqual(before);
  });

  it('does not bring back a slot or a calendar colour staff removed', async () => {
    const day = productUuid('NAGAI', 'day');
    const [slot] = await query<{ id: number; starts_at: Date }>(
      `SELECT t.id, t.starts_at FROM time_spans t JOIN products p ON p.id = t.product_id
       WHERE p.uuid = $1 AND t.starts_at > now() + interval '10 days'
       ORDER BY t.starts_at LIMIT 1`,
      [day],
    );
    await query('DELETE FROM time_spans WHERE id = $1', [slot!.id]);
    const [colour] = await query<{ date: string }>(
      `SELECT date FROM calendar_colors WHERE site_code = 'NAGAI' AND date > current_date + 10 ORDER BY date LIMIT 1`,
    );
    await query("DELETE FROM calendar_colors WHERE site_code = 'NAGAI' AND date = $1", [colour!.date]);

    await restart();
    // The 6-hourly window step too.
    await seedTimeSpans(ctx.db);

    const spans = await query(
      `SELECT 1 FROM time_spans t JOIN products p ON p.id = t.product_id WHERE p.uuid = $1 AND t.starts_at = $2`,
      [day, slot!.starts_at],
    );
    expect(spans).toEqual([]);
    expect(
      await query("SELECT 1 FROM calendar_colors WHERE site_code = 'NAGAI' AND date = $1", [colour!.date]),
    ).toEqual([]);
  });
});
