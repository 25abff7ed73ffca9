import { z } from 'zod';
import { siteCodeSchema } from '../enum-schemas.ts';
import { gateKeySchema } from '../endpoints/check-in.ts';
import { spotQrTokenSchema } from '../endpoints/spot.ts';
import { numericIdSchema } from '../endpoints/catalogue-common.ts';
import { storableText } from '../validation/storable-text.ts';

/** `/sites/:site/...`: a site named by its code. */
export const consoleSiteParamsSchema = z.object({ site: siteCodeSchema });
/** `/sites/:site/<things>/:id`. */
export const consoleSiteIdParamsSchema = z.object({ site: siteCodeSchema, id: numericIdSchema });

/** A gate device: a gate key (ADR 030) registered for one site; the key itself is never shown again. */
export const gateDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type GateDevice = z.infer<typeof gateDeviceSchema>;

export const gateDeviceListSchema = z.object({ devices: z.array(gateDeviceSchema) });

/** A device's name as staff see it in the list ("North entrance, tablet 2"). */
export const createGateDeviceBodySchema = z.object({ name: storableText().trim().min(1).max(100) });

/** The new device and its key, shown once: type it into the gate screen (`/{site}/#/gate`). */
export const createdGateDeviceSchema = z.object({ device: gateDeviceSchema, key: gateKeySchema });

export const revokedSchema = z.object({ revoked: z.literal(true) });

/** A spot QR token of a product (ADR 031); `poster_url` is the printable poster page. */
export const spotPosterTokenSchema = z.object({
  id: z.number().int(),
  token: spotQrTokenSchema,
  created_at: z.string(),
  expires_at: z.string(),
  valid: z.boolean(),
  poster_url: z.string(),
  order_url: z.string(),
});

export const spotPosterProductSchema = z.object({
  product_uuid: z.string(),
  product_name: z.string(),
  /** Newest first; at most one is valid (a new token ends the earlier ones). */
  tokens: z.array(spotPosterTokenSchema),
});

export const spotPosterListSchema = z.object({ products: z.array(spotPosterProductSchema) });

/** A new token for the product; its earlier tokens stop at once, as `npm run spot-qr -- --rotate` does. */
export const createSpotPosterBodySchema = z.object({
  product_uuid: z.uuid(),
  valid_days: z.number().int().min(1).max(3650).optional(),
});
export const createdSpotPosterSchema = z.object({ product_uuid: z.string(), poster: spotPosterTokenSchema });
