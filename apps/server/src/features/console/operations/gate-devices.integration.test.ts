import { beforeAll, describe, expect, it } from 'vitest';
import { checkInAnswerSchema, ticketResponseSchema } from '@kippu/contract';
import { createdGateDeviceSchema, gateDeviceListSchema } from '@kippu/contract/console/operations-devices';
import { setupTestApp, xsrfHeaders } from '../../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../../test/order-support.ts';
import { moveSlotToNow } from '../../../../test/entry-window-support.ts';
import { payWithCard, readyOrder } from '../../../../test/checkout-support.ts';
import { signedIn, twoOrganisations, type ConsoleAs, type Organisations } from './operations-test-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let gate: ConsoleAs;
let nonces = 0;

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'gate-devices');
  gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', ['DEMO']);
});

/** A paid ticket on DEMO: its QR code. */
async function ticketCode(): Promise<string> {
  const slot = await productWithSlot(ctx.db, 50);
  const order = await readyOrder(ctx.app, ctx.db, slot, 1);
  const paid = await payWithCard(ctx.app, order.token);
  expect(paid.statusCode).toBe(200);
  const token = paid.json<{ reservation_token: string }>().reservation_token;
  await moveSlotToNow(ctx.db, slot.spanId); // inside the entry window (ADR 111)
  const page = ticketResponseSchema.parse(
    (await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${token}?lang=en` })).json(),
  );
  return page.tickets[0]!.qr;
}

function scan(code: string, key: string) {
  nonces += 1;
  return ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/gate/check-ins`,
    headers: { ...xsrfHeaders(), 'x-gate-key': key },
    payload: { code, mode: 'gate', nonce: `ops-nonce-${process.pid}-${nonces}-xxxxxx`, lang: 'en' },
  });
}

async function auditOf(objectId: number) {
  const { rows } = await ctx.db.$client.query(
    `SELECT action, actor_kind, actor_staff_id, site_code, object_type FROM audit_events
     WHERE object_type = 'gate_device' AND object_id = $1 ORDER BY id`,
    [String(objectId)],
  );
  return rows;
}

describe('gate devices from the console', () => {
  it('a gate member registers a device whose key checks in at /gate; revoked, its next scan is refused', async () => {
    const created = await gate.post('/sites/DEMO/gate-devices', { name: 'North entrance' });
    expect(created.statusCode).toBe(200);
    const { device, key } = createdGateDeviceSchema.parse(created.json());
    expect(device).toMatchObject({ name: 'North entrance', revoked_at: null });

    const listed = gateDeviceListSchema.parse((await gate.get('/sites/DEMO/gate-devices')).json());
    expect(listed.devices.map((d) => d.id)).toContain(device.id);
    expect(JSON.stringify(listed)).not.toContain(key);

    const first = await scan(await ticketCode(), key);
    expect(first.statusCode).toBe(200);
    expect(checkInAnswerSchema.parse(first.json()).result).toBe('success');

    // The scan is audited with the device that made it.
    const { rows: scans } = await ctx.db.$client.query(
      `SELECT actor_kind, actor_device_id FROM audit_events WHERE object_type = 'ticket' AND action = 'checked_in'
       AND actor_device_id = $1`,
      [device.id],
    );
    expect(scans).toHaveLength(1);
    expect(scans[0].actor_kind).toBe('device');

    const revoked = await gate.delete(`/sites/DEMO/gate-devices/${device.id}`);
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { revoked: true }]);
    const after = await scan(await ticketCode(), key);
    expect([after.statusCode, after.json()]).toEqual([401, { error: 'gate device not authorised' }]);

    // Revoking again answers the same and records nothing more.
    expect((await gate.delete(`/sites/DEMO/gate-devices/${device.id}`)).statusCode).toBe(200);
    const events = await auditOf(device.id);
    expect(events.map((e) => e.action)).toEqual(['register', 'revoke']);
    expect(events[0]).toMatchObject({ actor_kind: 'staff', site_code: 'DEMO' });
    expect(Number(events[0].actor_staff_id)).toBe(gate.staffId);
  });

  it('a gate member reaches only its own site: another site of its organisation and another organisation’s are 404', async () => {
    const notFound = { error: 'record not found' };
    for (const site of ['ARTIZON', 'OKINAWA', 'NOSUCHSITE']) {
      const created = await gate.post(`/sites/${site}/gate-devices`, { name: 'Elsewhere' });
      expect([site, created.statusCode, created.json()]).toEqual([site, 404, notFound]);
      const listed = await gate.get(`/sites/${site}/gate-devices`);
      expect([site, listed.statusCode]).toEqual([site, 404]);
    }
    // Another organisation's device, named through the member's own site: not found, and still active.
    const owner = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    const theirs = createdGateDeviceSchema.parse(
      (await owner.post('/sites/OKINAWA/gate-devices', { name: 'Theirs' })).json(),
    );
    const revoke = await gate.delete(`/sites/DEMO/gate-devices/${theirs.device.id}`);
    expect([revoke.statusCode, revoke.json()]).toEqual([404, notFound]);
    const still = gateDeviceListSchema.parse((await owner.get('/sites/OKINAWA/gate-devices')).json());
    expect(still.devices.find((d) => d.id === theirs.device.id)?.revoked_at).toBeNull();
    // And the other organisation's owner cannot see DEMO's devices.
    expect((await owner.get('/sites/DEMO/gate-devices')).statusCode).toBe(404);
  });

  it('roles without check-in write cannot register; bad input is 400 with the one body', async () => {
    const planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', 'all');
    expect((await planner.get('/sites/DEMO/gate-devices')).statusCode).toBe(200);
    expect((await planner.post('/sites/DEMO/gate-devices', { name: 'No' })).statusCode).toBe(404);
    const finance = await signedIn(ctx.app, ctx.db, orgs.a, 'finance', 'all');
    expect((await finance.get('/sites/DEMO/gate-devices')).statusCode).toBe(404);
    for (const payload of [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 12 },
      { name: 'a\u0000\ud800' },
    ]) {
      const res = await gate.post('/sites/DEMO/gate-devices', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid request' });
    }
    // A key is created only with the password given again within the last minutes; listing and revoking
    // need no more than the session.
    const stale = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', ['DEMO'], { reauthenticated: false });
    const refused = await stale.post('/sites/DEMO/gate-devices', { name: 'Later' });
    expect([refused.statusCode, refused.json()]).toEqual([
      401,
      { error: 'console reauthentication required' },
    ]);
    expect((await stale.get('/sites/DEMO/gate-devices')).statusCode).toBe(200);
    const badId = await gate.delete('/sites/DEMO/gate-devices/abc');
    expect(badId.statusCode).toBe(400);
  });
});
