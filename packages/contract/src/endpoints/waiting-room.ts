import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { secretToken } from '../secret.ts';
import { numericIdSchema } from './catalogue-common.ts';

/**
 * The waiting room for on-sale rushes (issue 31, ADR 095). A product whose queue is in force sells only to
 * visitors the queue admitted: each joins once (first come, first served), waits with a long poll, and is
 * admitted at the rate the server can serve holds for a limited window in which its `POST /orders` holds.
 *
 * The place is carried by a signed token naming the site, the product and the entry: in the HttpOnly cookie
 * `kippu-queue-<productId>` (set by the server, path `/{site}`) for browsers, or in the header
 * `Kippu-Queue-Token` for API clients. A tampered token, or one of another product or site, counts as none.
 */

/** The cookie carrying a product's place (HttpOnly, SameSite=Lax, signed: the page never reads it). */
export const waitingRoomCookieName = (productId: number): string => `kippu-queue-${productId}`;
/** The header an API client sends its token in (the answer's `token`), instead of the cookie. */
export const WAITING_ROOM_TOKEN_HEADER = 'kippu-queue-token';
/** The longest a `wait=1` poll is held open before it answers unchanged (seconds). */
export const WAITING_ROOM_LONG_POLL_SECONDS = 20;

export const WAITING_ROOM_STATES = ['waiting', 'admitted', 'expired', 'sold_out', 'closed'] as const;
/**
 * - `waiting`: in the queue; `position` 1 is the next to be admitted.
 * - `admitted`: may hold until `admitted_until` (one hold: the first `POST /orders` uses the admission).
 * - `expired`: admitted but did not hold in time (or the hold was used); may join again, at the back.
 * - `sold_out`: nothing left to sell for the product; the wait is over.
 * - `closed`: the queue is no longer in force: anyone may order.
 */
export const waitingRoomStateSchema = z.enum(WAITING_ROOM_STATES);
export type WaitingRoomState = z.infer<typeof waitingRoomStateSchema>;

/**
 * The signed place (opens the visitor's admission by itself, so never logged: ADR 049); empty when the
 * answer names no place (`closed`: joining a product without a queue in force).
 */
export const waitingRoomTokenSchema = secretToken(z.string().regex(/^[A-Za-z0-9_.-]{0,200}$/, 'not a token'));

export const waitingRoomEntrySchema = z.object({
  product_id: z.number().int(),
  product_uuid: z.uuid(),
  token: waitingRoomTokenSchema,
  state: waitingRoomStateSchema,
  /** 1 = next; null unless `waiting`. */
  position: z.number().int().min(1).nullable(),
  /** From the admission rate; null unless `waiting`. */
  estimated_wait_seconds: z.number().int().min(0).nullable(),
  /** ISO date-time until which the admission holds; null unless `admitted`. */
  admitted_until: z.string().nullable(),
});
export type WaitingRoomEntry = z.infer<typeof waitingRoomEntrySchema>;

const productIdSchema = z.number().int().min(1).max(2_147_483_647);

/**
 * The product is named by its uuid (as the SPA knows it, like `POST /orders`'s `product_uuid`) or by its
 * numeric id (API clients, the bench): exactly one of the two.
 */
const oneProduct = (value: { product_id?: unknown; product_uuid?: unknown }, ctx: z.RefinementCtx) => {
  if ((value.product_id === undefined) === (value.product_uuid === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['product_uuid'],
      message: 'name the product by product_uuid or product_id',
    });
  }
};

/** POST /{site}/api/v1/waiting-room/entries: join, or answer the existing place (never a better one). */
export const joinWaitingRoomBodySchema = z
  .object({ product_uuid: z.uuid().optional(), product_id: productIdSchema.optional() })
  .superRefine(oneProduct);
export type JoinWaitingRoomBody = z.input<typeof joinWaitingRoomBodySchema>;

/**
 * GET /{site}/api/v1/waiting-room/entries/current?product_uuid=&wait=&seen= (or product_id=): the visitor's place (from the cookie
 * or the header; none answers 404 `not found`). `wait=1` is a long poll: it answers when the state or the
 * position changes, or after at most 20 s unchanged. `seen` is the state the caller last saw: a poll whose place
 * is in another state by the time it arrives answers at once (the change happened between two polls; without
 * `seen` the poll would wait from the new state, e.g. up to 20 s to say "sold out").
 */
export const waitingRoomEntryQuerySchema = z
  .object({
    product_uuid: z.uuid().optional(),
    product_id: numericIdSchema.pipe(productIdSchema).optional(),
    wait: z.enum(['0', '1']).optional(),
    seen: waitingRoomStateSchema.optional(),
  })
  .superRefine(oneProduct);
export type WaitingRoomEntryQuery = z.input<typeof waitingRoomEntryQuerySchema>;

/** GET /{site}/api/v1/waiting-room/status?product_uuid= (or product_id=): is a queue in force for the product now (cached 1 s). */
export const waitingRoomStatusQuerySchema = z
  .object({
    product_uuid: z.uuid().optional(),
    product_id: numericIdSchema.pipe(productIdSchema).optional(),
  })
  .superRefine(oneProduct);
export type WaitingRoomStatusQuery = z.input<typeof waitingRoomStatusQuerySchema>;
export const waitingRoomStatusSchema = z.object({ active: z.boolean() });
export type WaitingRoomStatus = z.infer<typeof waitingRoomStatusSchema>;

export const joinWaitingRoomEndpoint = defineEndpoint('joinWaitingRoom', {
  body: joinWaitingRoomBodySchema,
  responses: { 200: waitingRoomEntrySchema },
});
export const waitingRoomEntryEndpoint = defineEndpoint('waitingRoomEntry', {
  query: waitingRoomEntryQuerySchema,
  responses: { 200: waitingRoomEntrySchema },
});
export const waitingRoomStatusEndpoint = defineEndpoint('waitingRoomStatus', {
  query: waitingRoomStatusQuerySchema,
  responses: { 200: waitingRoomStatusSchema },
});
