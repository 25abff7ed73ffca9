import { beforeAll, describe, expect, it } from 'vitest';
import { kioskPairingSchema } from '@kippu/contract/console/box-office-schemas';
import { setupTestApp, xsrfHeaders, type TestContext } from '../../../../test/helper.ts';
import { orderBody, SITE_PATH } from '../../../../test/order-support.ts';
import { signedIn, twoOrganisations, type ConsoleAs } from '../operations/operations-test-support.ts';
import { counterSlot } from './box-office-test-support.ts';

/** The DEMO site's caps per client and per address (ADR 094), set low so one order reaches them. */
async function setCaps(
  ctx: TestContext,
  client: [number | null, number | null],
  address: [number | null, number | null],
) {
  await ctx.db.$client.query(
    `UPDATE sites SET max_open_orders_per_client = $1, max_tickets_per_client_slot = $2,
                      max_open_orders_per_address = $3, max_tickets_per_address_slot = $4
     WHERE code = 'DEMO'`,
    [...client, ...address],
  );
}

/** POST /orders from `address` with extra cookies (`name=value`, or ''). */
function hold(ctx: TestContext, payload: object, address: string, cookies: string) {
  const xsrf = xsrfHeaders();
  return ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/orders`,
    headers: { ...xsrf, cookie: cookies ? `${xsrf.cookie}; ${cookies}` : xsrf.cookie },
    remoteAddress: address,
    payload,
  });
}

describe('a paired kiosk is not capped (ADR 080, 094)', () => {
  const ctx = setupTestApp();
  let owner: ConsoleAs;

  beforeAll(async () => {
    const orgs = await twoOrganisations(ctx.db, 'visitor-caps');
    owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
  });

  it('sells one kiosk order after another from one address past every cap; a browser there is capped', async () => {
    await setCaps(ctx, [1, null], [1, null]);
    const created = kioskPairingSchema.parse(
      (await owner.post('/sites/DEMO/kiosk-devices', { name: 'Hall' })).json(),
    );
    const paired = await ctx.app.inject({ method: 'GET', url: new URL(created.pairing_url).pathname });
    const setCookies = paired.headers['set-cookie'];
    const device = (Array.isArray(setCookies) ? setCookies : [String(setCookies)])
      .find((c) => c.startsWith('kippu_kiosk='))!
      .split(';')[0]!;
    const slot = await counterSlot(ctx.db, 100, { startedMinutesAgo: 10, prices: [0, 0] });
    const lobby = '192.0.2.95';
    for (let i = 0; i < 4; i++) {
      const res = await hold(ctx, orderBody(slot, 2, { channel: 'kiosk' }), lobby, device);
      expect(res.statusCode).toBe(201);
    }
    const web = await counterSlot(ctx.db, 100);
    expect((await hold(ctx, orderBody(web, 1), lobby, '')).statusCode).toBe(201);
    expect((await hold(ctx, orderBody(web, 1), lobby, '')).statusCode).toBe(409);
  });
});
