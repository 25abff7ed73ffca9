import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { payWithCard, readyOrder } from '../../../test/checkout-support.ts';
import { renderMail } from '../../domain/mail/templates/render-mail.ts';
import type { OutboxMailOf } from '../../domain/mail/mail-kinds.ts';

const ctx = setupTestApp();

function parsedEvent(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
}

describe('GET /reservations/{reservationToken}/calendar.ics', () => {
  let reserved: { reservation_token: string; reservation_number: string };
  let slot: Awaited<ReturnType<typeof productWithSlot>>;

  beforeAll(async () => {
    slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2, 'calendar@example.jp');
    reserved = (await payWithCard(ctx.app, order.token)).json();
  });

  const get = (token: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/reservations/${token}/calendar.ics${query}` });

  it('downloads the visit as an iCalendar event that parses, in the asked language', async () => {
    const res = await get(reserved.reservation_token, '?lang=th');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${reserved.reservation_number}.ics"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const event = parsedEvent(res.body);
    expect(event.uid).toBe(`${reserved.reservation_number}@localhost`);
    expect(event.summary).toBe('Fixture product (th)');
    const { rows } = await ctx.db.execute<{ starts_at: string; ends_at: string }>(
      sql`SELECT starts_at, ends_at FROM time_spans WHERE id = ${slot.spanId}`,
    );
    // iCalendar times are whole seconds.
    const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000) * 1000;
    expect(event.startDate.toJSDate().getTime()).toBe(seconds(rows[0]!.starts_at));
    expect(event.endDate.toJSDate().getTime()).toBe(seconds(rows[0]!.ends_at));
    expect(event.description).toContain(
      `http://localhost:${ctx.env.PORT}/demo/?lang=th#/id/${reserved.reservation_token}`,
    );
  });

  it('without lang speaks the reservation language and matches the purchase mail entry', async () => {
    const res = await get(reserved.reservation_token);
    expect(res.statusCode).toBe(200);
    const { rows } = await ctx.db.execute<{ payload: OutboxMailOf<'purchase_confirmation'>['payload'] }>(
      sql`SELECT payload FROM mail_outbox WHERE kind = 'purchase_confirmation' AND to_address = 'calendar@example.jp'`,
    );
    const mail: OutboxMailOf<'purchase_confirmation'> = {
      kind: 'purchase_confirmation',
      siteCode: 'DEMO',
      to: 'calendar@example.jp',
      lang: 'en',
      payload: rows[0]!.payload,
    };
    const attached = parsedEvent(renderMail(mail, { uidHost: 'localhost' }).attachments[0]!.content);
    const downloaded = parsedEvent(res.body);
    expect(downloaded.summary).toBe('Fixture product (en)');
    expect([downloaded.uid, downloaded.summary, downloaded.description]).toEqual([
      attached.uid,
      attached.summary,
      attached.description,
    ]);
    expect(downloaded.startDate.toString()).toBe(attached.startDate.toString());
  });

  it('an unknown reservation is record not found; bad input is a 400', async () => {
    const unknown = await get('AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'record not found' });
    expect((await get(reserved.reservation_token, '?lang=xx')).statusCode).toBe(400);
    expect((await get('bad%20token')).statusCode).toBe(400);
    // Another site's slug does not reach this reservation.
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/borderless/api/v1/reservations/${reserved.reservation_token}/calendar.ics`,
    });
    expect(other.statusCode).toBe(404);
  });
});
