import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { defineEndpoint } from '../endpoint.ts';
import { secretToken } from '../secret.ts';
import { paymentMethodItemSchema } from './payment-methods.ts';

/**
 * The kiosk (issue 29, ADR 080): a tablet at the entrance that sells on the `kiosk` channel. Staff register
 * it in the console, which answers a one-time pairing URL; opened on the tablet, it sets an HttpOnly,
 * SameSite=Strict device cookie (path `/{site}`) that the kiosk's reset (clearing all web storage) keeps.
 */

/** The device cookie's name (HttpOnly: the page never reads it; the server answers `GET /kiosk/session`). */
export const KIOSK_DEVICE_COOKIE = 'kippu_kiosk';

/** GET /{site}/api/v1/kiosk/pair/:code: answers 302 to `/{site}/#/kiosk` with the cookie set; a spent,
 * expired or unknown code, or a revoked device, redirects to `/{site}/#/kiosk?paired=0` without one. */
// The code makes a kiosk of whoever opens it first: secret, so it never reaches a log.
export const kioskPairParamsSchema = z.object({
  code: secretToken(z.string().regex(/^[A-Za-z0-9_-]{16,64}$/)),
});

/** GET /{site}/api/v1/kiosk/session?lang=: whether this browser is a paired, unrevoked kiosk of the site. */
export const kioskSessionQuerySchema = z.object({ lang: langCodeSchema });
export const kioskSessionResponseSchema = z.discriminatedUnion('kiosk', [
  z.object({ kiosk: z.literal(false) }),
  z.object({
    kiosk: z.literal(true),
    device_name: z.string(),
    /** The site's methods on the kiosk channel, in display order (GET /paymentmethods's items). */
    payment_methods: z.array(paymentMethodItemSchema),
  }),
]);
export type KioskSessionResponse = z.infer<typeof kioskSessionResponseSchema>;

export const kioskPairEndpoint = defineEndpoint('kioskPair', {
  params: kioskPairParamsSchema,
  responses: {},
});
export const kioskSessionEndpoint = defineEndpoint('kioskSession', {
  query: kioskSessionQuerySchema,
  responses: { 200: kioskSessionResponseSchema },
});
