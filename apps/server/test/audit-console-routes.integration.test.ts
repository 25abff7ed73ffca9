import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API_PATH } from '@kippu/contract';
import type { SystemActorLabel } from '@kippu/contract/console/audit-actors';
import {
  auditEventsResponseSchema,
  auditObjectHistoryResponseSchema,
} from '@kippu/contract/console/audit-schemas';
import { recordAudit, type AuditAction, type AuditObjectType } from '../src/domain/audit/record-audit.ts';
import { payWithCard, readyOrder } from './checkout-support.ts';
import { signedInAs, type ConsoleBrowser } from './console-sign-in.ts';
import { setupTestApp } from './helper.ts';
import { productWithSlot } from './order-support.ts';

/** The console's audit log (issue 27, ADR 065): the organisation's events only, and only its covered sites'. */
const ctx = setupTestApp();
const api = (path: string) => `${CONSOLE_API_PATH}${path}`;

let organisationA: string;
let organisationB: string;
let ownerA: ConsoleBrowser;
let ownerB: ConsoleBrowser;
let tag: string;

async function organisationOf(site: string): Promise<{ id: number; code: string }> {
  const { rows } = await ctx.db.execute<{ id: number; code: string }>(sql`
    SELECT o.id, o.code FROM organisations o JOIN sites s ON s.organisation_id = o.id WHERE s.code = ${site}`);
  return { id: Number(rows[0]!.id), code: rows[0]!.code };
}

// Codes and a job no domain records, cast past the server's lists: the log lists any word (rows of codes since
// retired).
const event = (siteCode: string | null, objectId: string, organisationId?: number) =>
  recordAudit(ctx.db, {
    actor: { kind: 'system', label: 'audit test' as SystemActorLabel },
    siteCode,
    ...(organisationId ? { organisationId } : {}),
    objectType: 'probe' as AuditObjectType,
    objectId,
    action: 'probed' as AuditAction,
    after: { n: 1 },
  });

async function list(browser: ConsoleBrowser, query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: api(`/audit-events?${query}`),
    headers: browser.read,
  });
  return res;
}

async function probeIds(browser: ConsoleBrowser): Promise<string[]> {
  const res = await list(browser, 'object_type=probe&limit=200');
  expect(res.statusCode, res.body).toBe(200);
  return auditEventsResponseSchema
    .parse(res.json())
    .events.map((e) => e.object_id)
    .filter((id) => id.startsWith(tag))
    .sort();
}

beforeAll(async () => {
  tag = `t${process.pid}-`;
  const a = await organisationOf('DEMO');
  let b = await organisationOf('OKINAWA');
  if (a.id === b.id) {
    // A seed where one organisation owns every site: OKINAWA moves to one of the test's own.
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`INSERT INTO organisations (code, name) VALUES ('audit-other', 'Other') RETURNING id`,
    );
    await ctx.db.execute(sql`UPDATE sites SET organisation_id = ${rows[0]!.id} WHERE code = 'OKINAWA'`);
    b = await organisationOf('OKINAWA');
  }
  organisationA = a.code;
  organisationB = b.code;
  await event('DEMO', `${tag}demo`);
  await event('ARTIZON', `${tag}artizon`);
  await event(null, `${tag}a-wide`, a.id);
  await event('OKINAWA', `${tag}okinawa`);
  await event(null, `${tag}b-wide`, b.id);
  ownerA = (await signedInAs(ctx.app, ctx.db, { organisation: organisationA, template: 'owner', totp: true }))
    .browser;
  ownerB = (await signedInAs(ctx.app, ctx.db, { organisation: organisationB, template: 'owner', totp: true }))
    .browser;
});

describe('GET /audit-events', () => {
  it("lists the organisation's events and never another organisation's", async () => {
    expect(await probeIds(ownerA)).toEqual([`${tag}a-wide`, `${tag}artizon`, `${tag}demo`]);
    expect(await probeIds(ownerB)).toEqual([`${tag}b-wide`, `${tag}okinawa`]);
  });

  it("names a staff actor by the member's name", async () => {
    const { staff, browser } = await signedInAs(ctx.app, ctx.db, {
      organisation: organisationA,
      template: 'owner',
      totp: true,
    });
    await recordAudit(ctx.db, {
      actor: { kind: 'staff', staffId: staff.staffId, clientAddress: '192.0.2.7', userAgent: 'test agent' },
      siteCode: 'DEMO',
      objectType: 'staff_probe' as AuditObjectType,
      objectId: `${tag}by-staff`,
      action: 'probed' as AuditAction,
    });
    const res = await list(browser, `staff=${staff.staffId}&object_id=${tag}by-staff`);
    const [shown] = auditEventsResponseSchema.parse(res.json()).events;
    expect(shown!.actor).toEqual({
      kind: 'staff',
      staff_id: staff.staffId,
      device_id: null,
      label: 'Test owner',
    });
    expect([shown!.client_address, shown!.user_agent]).toEqual(['192.0.2.7', 'test agent']);
  });

  it('a member covering one site sees that site only: no organisation-wide events, other sites 404', async () => {
    const { browser } = await signedInAs(ctx.app, ctx.db, {
      organisation: organisationA,
      template: 'administrator',
      sites: ['DEMO'],
      totp: true,
    });
    expect(await probeIds(browser)).toEqual([`${tag}demo`]);
    for (const site of ['ARTIZON', 'OKINAWA']) {
      const res = await list(browser, `site=${site}`);
      expect([res.statusCode, res.json()]).toEqual([404, { error: 'record not found' }]);
    }
  });

  it("answers 404 to another organisation's site, and to a role without staff read", async () => {
    const res = await list(ownerA, 'site=OKINAWA');
    expect([res.statusCode, res.json()]).toEqual([404, { error: 'record not found' }]);
    const { browser: gate } = await signedInAs(ctx.app, ctx.db, {
      organisation: organisationA,
      template: 'gate',
    });
    const refused = await list(gate, '');
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(tag);
  });

  it('filters and pages newest first with a cursor, each event once', async () => {
    const first = auditEventsResponseSchema.parse((await list(ownerA, 'object_type=probe&limit=2')).json());
    expect(first.events).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = auditEventsResponseSchema.parse(
      (await list(ownerA, `object_type=probe&limit=2&cursor=${first.next_cursor}`)).json(),
    );
    const ids = [...first.events, ...second.events].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const demo = auditEventsResponseSchema.parse(
      (await list(ownerA, `site=DEMO&object_id=${tag}demo`)).json(),
    );
    expect(demo.events.map((e) => [e.object_id, e.site_code, e.action])).toEqual([
      [`${tag}demo`, 'DEMO', 'probed'],
    ]);
    const none = auditEventsResponseSchema.parse((await list(ownerA, `action=never_done`)).json());
    expect(none).toEqual({ events: [], next_cursor: null });
  });

  it('refuses malformed filters with the one error body, never a 5xx', async () => {
    for (const query of [
      'cursor=abc',
      'limit=0',
      'limit=999',
      'from=yesterday',
      'staff=-1',
      'actor_kind=robot',
      'site=x',
    ]) {
      const res = await list(ownerA, query);
      expect([query, res.statusCode, res.json<{ error: string }>().error]).toEqual([
        query,
        400,
        'invalid request',
      ]);
    }
  });
});

describe('GET /audit-events/objects/:objectType/:objectId', () => {
  it("shows an order's audit events, its payment's and its order_events merged by time; 404 to another organisation", async () => {
    const slot = await productWithSlot(ctx.db, 50);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    expect((await payWithCard(ctx.app, order.token)).statusCode).toBe(200);
    const url = api(`/audit-events/objects/order/${order.id}`);
    const res = await ctx.app.inject({ method: 'GET', url, headers: ownerA.read });
    expect(res.statusCode, res.body).toBe(200);
    const history = auditObjectHistoryResponseSchema.parse(res.json());
    const entries = history.entries.map((entry) =>
      entry.source === 'audit'
        ? `${entry.event.object_type}:${entry.event.action}`
        : `status:${entry.event.to_status}`,
    );
    expect(entries).toEqual(
      expect.arrayContaining(['order:paid', 'payment:payment_confirmed', 'status:reserved']),
    );
    expect(entries.indexOf('status:holding')).toBe(0);
    const times = history.entries.map((entry) => entry.event.at);
    expect(times).toEqual([...times].sort());

    const other = await ctx.app.inject({ method: 'GET', url, headers: ownerB.read });
    expect([other.statusCode, other.json()]).toEqual([404, { error: 'record not found' }]);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: api('/audit-events/objects/order/999999999'),
      headers: ownerA.read,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
