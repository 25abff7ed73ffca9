import { describe, expect, it } from 'vitest';
import { CONSOLE_API_PATH, ERRORS } from '@kippu/contract';
import { setupTestApp } from './helper.ts';
import { createTestStaff } from './console-sign-in.ts';

/**
 * CONSOLE_ORIGIN (issue 27, ADR 064): the console answers only on its own origin, behind a TLS proxy here
 * (TRUST_PROXY lets X-Forwarded-Proto through), with the `__Host-` cookie; the visitors' origin gets 404.
 */
const CONSOLE = 'https://console.kippu.test';
const ctx = setupTestApp({ CONSOLE_ORIGIN: CONSOLE, TRUST_PROXY: 'loopback' });
const atConsole = { host: 'console.kippu.test', 'x-forwarded-proto': 'https' };
const atVisitors = { host: 'tickets.kippu.test', 'x-forwarded-proto': 'https' };

describe('a console on its own origin', () => {
  it('answers its API only there; the visitors’ origin gets 404 under /console/', async () => {
    const there = await ctx.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PATH}/session`,
      headers: atConsole,
    });
    expect(there.statusCode).toBe(401);
    // Behind a TLS proxy the server may see plain http: the host decides.
    const viaPlainProxy = await ctx.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PATH}/session`,
      headers: { host: 'console.kippu.test' },
      remoteAddress: '192.0.2.1',
    });
    expect(viaPlainProxy.statusCode).toBe(401);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PATH}/session`,
      headers: atVisitors,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ error: ERRORS.not_found.message });
    // The pages' scope too: the bare /console redirects to /console/ on the console's origin only.
    const pageThere = await ctx.app.inject({ method: 'GET', url: '/console', headers: atConsole });
    expect(pageThere.statusCode, pageThere.body).toBeGreaterThanOrEqual(300);
    expect(pageThere.statusCode).toBeLessThan(400);
    const pageElsewhere = await ctx.app.inject({ method: 'GET', url: '/console', headers: atVisitors });
    expect(pageElsewhere.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/console/', headers: atVisitors })).statusCode).toBe(
      404,
    );
  });

  it('signs in with a Secure __Host- cookie, and refuses a write whose Origin is the visitors’', async () => {
    const staff = await createTestStaff(ctx.db, { template: 'gate' });
    const signIn = (origin: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${CONSOLE_API_PATH}/session`,
        headers: { ...atConsole, origin },
        payload: { email: staff.email, password: staff.password },
        remoteAddress: '127.0.0.1',
      });
    const refused = await signIn('https://tickets.kippu.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: ERRORS.console_forbidden_origin.message });
    const accepted = await signIn(CONSOLE);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cookie = accepted.cookies.find((c) => c.name === '__Host-kippu_console');
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    const session = await ctx.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PATH}/session`,
      headers: { ...atConsole, cookie: `__Host-kippu_console=${cookie!.value}` },
    });
    expect(session.statusCode, session.body).toBe(200);
    // The plain name opens nothing on an https console.
    const plain = await ctx.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PATH}/session`,
      headers: { ...atConsole, cookie: `kippu_console=${cookie!.value}` },
    });
    expect(plain.statusCode).toBe(401);
  });
});
