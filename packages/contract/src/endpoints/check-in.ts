import { z } from 'zod';
import { numericIdSchema } from './catalogue-common.ts';
import { CHECK_IN_MODES, CHECK_IN_RESULTS, TAP_STATES, TICKET_CHECK_MODES } from '../enums.ts';
import { langCodeSchema } from '../enum-schemas.ts';
import { secretToken } from '../secret.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * The entry gate (ADR 030). Gate devices send their key in the `X-Gate-Key` header; visitors' phones
 * (tap_ticket) send the gate's current tap code instead. Results and modes are spec §3's.
 */
export const checkInResultSchema = z.enum(CHECK_IN_RESULTS);
export type CheckInResult = z.infer<typeof checkInResultSchema>;

/** `gate`: one ticket admits one person; `set`: a group (every ticket of the reservation) enters together. */
export const checkInModeSchema = z.enum(CHECK_IN_MODES);
export type CheckInMode = z.infer<typeof checkInModeSchema>;

export type TicketCheckMode = (typeof TICKET_CHECK_MODES)[number];

export type TapState = (typeof TAP_STATES)[number];

export const GATE_KEY_HEADER = 'x-gate-key';
/** `KG1-` and 32 base32 characters (160 random bits). */
export const gateKeySchema = secretToken(z.string().regex(/^KG1-[A-Z2-7]{32}$/));
/** The gate devices' header, as a schema: the key in it is secret (ADR 049). */
export const gateHeadersSchema = z.object({ [GATE_KEY_HEADER]: gateKeySchema.optional() });

/** A client-made request id (a retried request with the same nonce gets the first answer). */
const nonceSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** What a check-in answers about the ticket it names (null when the code named none we could read). */
export const checkInTicketSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  option_name: z.string(),
  product_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** When it was admitted (success: now; used: the first admission). */
  checked_in_at: z.string().nullable(),
});
export type CheckInTicket = z.infer<typeof checkInTicketSchema>;

export const checkInAnswerSchema = z.object({
  result: checkInResultSchema,
  mode: checkInModeSchema,
  /** People admitted by this request (set mode: the group's tickets that were still unused). */
  admitted: z.number().int().nonnegative(),
  ticket: checkInTicketSchema.nullable(),
});
export type CheckInAnswer = z.infer<typeof checkInAnswerSchema>;

/** GET /gate/session?lang=: the device's key is valid; its label and today's tap code. */
export const gateSessionQuerySchema = z.object({ lang: langCodeSchema });
export const gateSessionResponseSchema = z.object({
  label: z.string(),
  /** Eight digits staff type on a visitor's phone in tap_ticket mode; changes every day (Asia/Tokyo). */
  tap_code: secretToken(z.string().regex(/^\d{8}$/)),
});
export type GateSessionResponse = z.infer<typeof gateSessionResponseSchema>;

/** POST /gate/check-ins: a scanned QR payload (read_qr). */
export const gateCheckInBodySchema = z.object({
  code: secretToken(z.string().min(1).max(200)),
  mode: checkInModeSchema,
  nonce: nonceSchema,
  lang: langCodeSchema,
});
export type GateCheckInBody = z.infer<typeof gateCheckInBodySchema>;

/**
 * GET /gate/ticket-list?lang=: what the device needs to admit while offline. No signing key leaves the
 * server: each ticket is listed by the SHA-256 (hex) of its current signed part `K1.<id>.<secret>`.
 */
export const gateTicketListQuerySchema = z.object({ lang: langCodeSchema });
export const gateTicketListResponseSchema = z.object({
  generated_at: z.string(),
  tickets: z.array(
    z.object({
      id: z.number().int(),
      digest: z.string().regex(/^[0-9a-f]{64}$/),
      reservation_id: z.number().int(),
      used: z.boolean(),
      /** The entry window (null: open on that side). */
      opens_at: z.string().nullable(),
      closes_at: z.string().nullable(),
      ticket: checkInTicketSchema,
    }),
  ),
});
export type GateTicketListResponse = z.infer<typeof gateTicketListResponseSchema>;

/** POST /gate/check-ins/sync: check-ins the device made offline, in the order it made them. */
export const gateSyncBodySchema = z.object({
  check_ins: z
    .array(
      z.object({
        code: secretToken(z.string().min(1).max(200)),
        mode: checkInModeSchema,
        nonce: nonceSchema,
        /** When the device admitted the visitor. */
        scanned_at: z.string().datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(500),
  lang: langCodeSchema,
});
export type GateSyncBody = z.infer<typeof gateSyncBodySchema>;
export const gateSyncResponseSchema = z.object({
  results: z.array(
    z.object({
      nonce: z.string(),
      result: checkInResultSchema,
      /** The visitor was let in offline, but the ticket had been admitted elsewhere (or was not valid). */
      admitted_twice: z.boolean(),
      ticket: checkInTicketSchema.nullable(),
    }),
  ),
});
export type GateSyncResponse = z.infer<typeof gateSyncResponseSchema>;

/** /check-ins/{reservationToken}/{ticketId}: the visitor's tap screen (`/id/:reservationToken/:id/:type`). */
export const tapTicketParamsSchema = z.object({
  reservationToken: secretToken(z.string().min(1).max(64)),
  ticketId: numericIdSchema,
});
export const tapTicketQuerySchema = z.object({ mode: checkInModeSchema, lang: langCodeSchema });
/** GET: may the ticket enter now (`available`), or why not; nothing is admitted. */
export const tapTicketStatusSchema = checkInAnswerSchema;
/** POST: staff admit with their gate's tap code. */
export const tapCheckInBodySchema = z.object({
  mode: checkInModeSchema,
  tap_code: secretToken(z.string().regex(/^\d{8}$/)),
  nonce: nonceSchema,
  lang: langCodeSchema,
});
export type TapCheckInBody = z.infer<typeof tapCheckInBodySchema>;

/** Every /gate call carries the gate's key in X-Gate-Key (GATE_KEY_HEADER), checked by the server. */
export const gateSessionEndpoint = defineEndpoint('gateSession', {
  query: gateSessionQuerySchema,
  responses: { 200: gateSessionResponseSchema },
});
export const gateTicketListEndpoint = defineEndpoint('gateTicketList', {
  query: gateTicketListQuerySchema,
  responses: { 200: gateTicketListResponseSchema },
});
export const gateCheckInEndpoint = defineEndpoint('gateCheckIn', {
  body: gateCheckInBodySchema,
  responses: { 200: checkInAnswerSchema },
});
export const gateSyncEndpoint = defineEndpoint('gateSync', {
  body: gateSyncBodySchema,
  responses: { 200: gateSyncResponseSchema },
});
export const tapTicketStatusEndpoint = defineEndpoint('tapTicketStatus', {
  params: tapTicketParamsSchema,
  query: tapTicketQuerySchema,
  responses: { 200: tapTicketStatusSchema },
});
export const tapCheckInEndpoint = defineEndpoint('tapCheckIn', {
  params: tapTicketParamsSchema,
  body: tapCheckInBodySchema,
  responses: { 200: checkInAnswerSchema },
});
