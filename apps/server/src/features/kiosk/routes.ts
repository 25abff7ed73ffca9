import type { FastifyInstance } from 'fastify';
import { KIOSK_DEVICE_COOKIE, kioskPairEndpoint, kioskSessionEndpoint, siteSlug } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { pairKiosk } from '../../domain/box-office/kiosk-devices.ts';
import { kioskSession } from '../../domain/box-office/kiosk-orders.ts';

/** A paired tablet stays a kiosk for a year, or until it is revoked or paired again. */
const DEVICE_COOKIE_S = 365 * 24 * 3600;

/**
 * The kiosk (issue 29, ADR 080): pairing a tablet from the console's one-time URL, and the kiosk screen's
 * question "am I a kiosk?". The device's key lives only in an HttpOnly, SameSite=Strict cookie scoped to
 * the site's path, so the kiosk's reset (which clears every storage the page can reach) keeps it.
 */
export async function kioskRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, kioskPairEndpoint, async (request, reply) => {
    const slug = siteSlug(request.site);
    const key = await pairKiosk(app.db, request.site, request.params.code);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!key) return reply.redirect(`/${encodeURIComponent(slug)}/#/kiosk?paired=0`, 303);
    reply.setCookie(KIOSK_DEVICE_COOKIE, key, {
      path: `/${slug}`,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: DEVICE_COOKIE_S,
    });
    return reply.redirect(`/${encodeURIComponent(slug)}/#/kiosk`, 303);
  });

  registerEndpoint(app, kioskSessionEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return kioskSession(app.db, request.site, request.cookies[KIOSK_DEVICE_COOKIE], request.query.lang);
  });
}
