import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../all-routes.ts';
import { PARTNER_ROUTE_LIST } from '../partner/partner-routes.ts';
import { fillPath, ROUTES } from '../routes.ts';
import { ENDPOINT_LIST, ENDPOINTS } from './all.ts';

describe('the endpoint list (ADR 050)', () => {
  it('defines every route once, under its own name', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(ALL_ROUTES).sort());
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      expect(endpoint.name).toBe(name);
      expect(endpoint).toMatchObject(ALL_ROUTES[endpoint.name]);
    }
  });

  it("keeps the console's and the partner API's routes out of the visitors' table, which every visitor page carries", () => {
    const routes: readonly { mount: string; name: string }[] = Object.values(ROUTES);
    const partner = new Set<string>(PARTNER_ROUTE_LIST.map((route) => route.name));
    expect(routes.filter((route) => route.mount === 'console' || partner.has(route.name))).toEqual([]);
    expect(
      Object.values(ALL_ROUTES).filter((route) => route.mount !== 'console' && !partner.has(route.name)),
    ).toEqual(routes);
  });

  it('never gives two endpoints the same method and path', () => {
    const keys = ENDPOINT_LIST.map((endpoint) => `${endpoint.method} ${endpoint.mount} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a params schema exactly when the path has parameters', () => {
    const wrong = ENDPOINT_LIST.filter(
      (endpoint) => endpoint.path.includes(':') !== (endpoint.params !== undefined),
    );
    expect(wrong.map((endpoint) => endpoint.name)).toEqual([]);
  });
});

describe('fillPath', () => {
  it('puts each parameter in, percent-encoded', () => {
    expect(fillPath(ROUTES.timeChange.path, { reservationToken: 'a/b', timechangeToken: 'c d' })).toBe(
      '/timechanges/a%2Fb/c%20d',
    );
    expect(fillPath(ROUTES.walletPass.path, { id: 'r', ticketId: 7 })).toBe(
      '/reservations/r/tickets/7/wallet.pkpass',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => fillPath(ROUTES.temporaryOrder.path, {})).toThrow(/id/);
  });
});
