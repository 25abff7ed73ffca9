import { describe, expect, it } from 'vitest';
import { widenPolicy } from '../domain/payments/site-content-security.ts';
import { fakeWebBuild } from '../../test/fake-web-build.ts';
import { setupTestApp } from '../../test/helper.ts';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1);

describe('the page’s Content-Security-Policy follows the site’s payment methods (issue 8)', () => {
  // Stripe real (keys from the environment), GMO on the simulator (same origin).
  const ctx = setupTestApp(
    {
      STRIPE_GATEWAY: 'real',
      STRIPE_SECRET_KEY: 'sk_test_kippucsp',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kippucsp',
    },
    { webDistDir: fakeWebBuild() },
  );
  const policyOf = async (slug: string) =>
    String((await ctx.app.inject({ method: 'GET', url: `/${slug}/` })).headers['content-security-policy']);

  it('admits Stripe.js, its frames and its API on a site that enables Stripe', async () => {
    const policy = await policyOf('okinawa');
    expect(directive(policy, 'script-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://js.stripe.com']),
    );
    expect(directive(policy, 'frame-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(directive(policy, 'connect-src')).toEqual(expect.arrayContaining(['https://api.stripe.com']));
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('admits no outside origin on a site that pays only through same-origin methods', async () => {
    const policy = await policyOf('izura');
    expect(policy).not.toContain('stripe.com');
    expect(directive(policy, 'script-src')).not.toContain('https://js.stripe.com');
    expect(directive(policy, 'frame-src')).toBeUndefined();
  });

  it('stops admitting Stripe once staff disable it on the site (seen by a process started after)', async () => {
    await ctx.db.$client.query(
      `UPDATE payment_methods SET enabled = false WHERE site_code = 'OKINAWA' AND method = 'stripe_secure'`,
    );
    const fresh = await ctx.anotherApp();
    const policy = String(
      (await fresh.inject({ method: 'GET', url: '/okinawa/' })).headers['content-security-policy'],
    );
    expect(policy).not.toContain('stripe.com');
  });
});

describe('widenPolicy', () => {
  it('adds declared origins once, and starts an absent directive from self', () => {
    const widened = widenPolicy("default-src 'self';script-src 'self' 'wasm-unsafe-eval'", {
      scriptSrc: ['https://js.example', "'self'"],
      frameSrc: ['https://pay.example'],
    });
    expect(widened).toBe(
      "default-src 'self';script-src 'self' 'wasm-unsafe-eval' https://js.example;frame-src 'self' https://pay.example",
    );
  });
});
