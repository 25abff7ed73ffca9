import { z } from 'zod';
import { productTypeSchema, siteCodeSchema } from '../enum-schemas.ts';
import { numericIdSchema, visitDateSchema } from '../endpoints/catalogue-common.ts';
import { localizedTextSchema } from '../i18n-text.ts';

/**
 * Moving every visitor of a closed slot or day (issue 29, ADR 079). Staff name a source (one slot, or one
 * product's day), the target slots, and what happens to a reservation that does not fit; the preview answers
 * the plan (first come first served, whole reservations only, shared tickets move with theirs), the save
 * closes the source (`on_sale = false`) and starts a run (a job) whose progress `consoleMove` answers.
 * Times are ISO instants; dates are Tokyo yyyy-MM-dd.
 */

/** Most target slots one run names. */
export const MOVE_MAX_TARGETS = 200;
/** How often the progress screen asks again while a run is queued or running. */
export const MOVE_POLL_MS = 2_000;

/** `/sites/:site/...`. */
export const movesSiteParamsSchema = z.object({ site: siteCodeSchema });
/** `/sites/:site/moves/:moveId`. */
export const moveParamsSchema = z.object({ site: siteCodeSchema, moveId: numericIdSchema });

/** What is emptied: one slot, or every slot of one product on one Tokyo date. */
export const moveSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slot'), slot_id: z.number().int().positive() }),
  z.object({ kind: z.literal('day'), product_uuid: z.uuid(), date: visitDateSchema }),
]);
export type MoveSource = z.infer<typeof moveSourceSchema>;

/** What happens to a reservation no target has room for: refunded whole, or left on its slot for staff. */
export const MOVE_FALLBACKS = ['refund', 'leave'] as const;
export const moveFallbackSchema = z.enum(MOVE_FALLBACKS);
export type MoveFallback = z.infer<typeof moveFallbackSchema>;

/**
 * POST /sites/:site/moves. `preview: true` answers the plan and writes nothing; otherwise the source slots
 * are closed, the run is created with one item per reservation and queued (console_move_in_progress while
 * another run on one of the source slots is queued or running). `deadline`: until when the visitor's
 * self-service link may choose another slot or a refund; without it, each visit's deadline is the start
 * (00:00 Tokyo) of its new slot's day, i.e. the end of the day before the new time. Targets must be slots
 * of the source's product, not among the source's slots; the product's other slots are not used unless named.
 */
export const createMoveBodySchema = z.object({
  source: moveSourceSchema,
  target_slot_ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(MOVE_MAX_TARGETS)
    .refine((ids) => new Set(ids).size === ids.length, 'each slot once'),
  fallback: moveFallbackSchema,
  deadline: z.iso.datetime({ offset: true }).optional(),
  preview: z.boolean().default(false),
});
export type CreateMoveBody = z.input<typeof createMoveBodySchema>;

/** A slot as a move shows it. */
export const moveSlotSchema = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  on_sale: z.boolean(),
});

/** A target slot: its free capacity in tickets now (capacity − sold − held) and what the plan puts there. */
export const moveTargetSchema = moveSlotSchema.extend({
  free: z.number().int(),
  planned: z.number().int(),
});

/** What the plan does with one reservation. */
export const MOVE_PLAN_OUTCOMES = ['move', 'refund', 'leave'] as const;

/** One reservation of the source, in purchase order (oldest first). */
export const movePlanRowSchema = z.object({
  reservation_id: z.number().int(),
  reservation_number: z.string(),
  purchased_at: z.string(),
  from_slot_id: z.number().int(),
  /** Tickets that move (the holder's and their shared ones), not void. */
  tickets: z.number().int(),
  /** The target with room, in time order of the targets; null when none has room. */
  target_slot_id: z.number().int().nullable(),
  outcome: z.enum(MOVE_PLAN_OUTCOMES),
});

export const movePlanSchema = z.object({
  product_uuid: z.string(),
  product_type: productTypeSchema,
  product_names: localizedTextSchema,
  source_slots: z.array(moveSlotSchema),
  targets: z.array(moveTargetSchema),
  rows: z.array(movePlanRowSchema),
  counts: z.object({
    reservations: z.number().int(),
    tickets: z.number().int(),
    /** Reservations that fit whole into a target. */
    fits: z.number().int(),
    does_not_fit: z.number().int(),
    /**
     * Integer yen the run gives back if fallback is refund: the money of every reservation that does not fit
     * (0 with fallback leave). Staff see it before they start a run that pays out.
     */
    refund_yen: z.number().int(),
  }),
});

/** The run's states: queued (written, not started), running, done (every item settled). */
export const MOVE_RUN_STATUSES = ['queued', 'running', 'done'] as const;
/** An item's states: pending → moved / refunded / left / failed (with a reason). */
export const MOVE_ITEM_STATES = ['pending', 'moved', 'refunded', 'left', 'failed'] as const;

export const moveCountsSchema = z.object({
  pending: z.number().int(),
  moved: z.number().int(),
  refunded: z.number().int(),
  left: z.number().int(),
  failed: z.number().int(),
});

/** A run as lists show it. */
export const moveRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(MOVE_RUN_STATUSES),
  source: moveSourceSchema,
  product_uuid: z.string(),
  product_names: localizedTextSchema,
  fallback: moveFallbackSchema,
  /** The deadline staff chose, or null (each visit's new day). */
  deadline: z.string().nullable(),
  total: z.number().int(),
  counts: moveCountsSchema,
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

/**
 * Why an item did not move: `no_room` (no target had room in the plan), `out_of_stock` (the target filled
 * up meanwhile), `not_reserved` (cancelled or refunded before its turn), `ticket_used` (a ticket was
 * checked in), `refund_failed` / `refund_manual` / `refund_awaiting_approval` (what the refund answered).
 */
export const moveItemSchema = z.object({
  id: z.number().int(),
  reservation_id: z.number().int(),
  reservation_number: z.string(),
  tickets: z.number().int(),
  from_slot: moveSlotSchema,
  /** The target the plan chose (null: does not fit). */
  planned_slot: moveSlotSchema.nullable(),
  /** Where the visit is now when moved (the visitor may have chosen another slot with their link). */
  moved_to: moveSlotSchema.nullable(),
  state: z.enum(MOVE_ITEM_STATES),
  reason: z.string().nullable(),
  /** The visitor's own choice through the link, if made: a slot or a refund. */
  visitor_choice: z.enum(['slot', 'refund']).nullable(),
  mails: z.number().int(),
  finished_at: z.string().nullable(),
});

export const createMoveResponseSchema = z.object({
  preview: z.boolean(),
  /** The run created (null in a preview). */
  move_id: z.number().int().nullable(),
  plan: movePlanSchema,
});
export type CreateMoveResponse = z.infer<typeof createMoveResponseSchema>;

/** GET /sites/:site/moves: the site's runs, newest first (at most 100). */
export const movesResponseSchema = z.object({ moves: z.array(moveRunSchema) });
export type MovesResponse = z.infer<typeof movesResponseSchema>;

/** GET /sites/:site/moves/:moveId: the run with its counts and every item (progress while it runs, result after). */
export const moveResponseSchema = z.object({ move: moveRunSchema, items: z.array(moveItemSchema) });
export type MoveResponse = z.infer<typeof moveResponseSchema>;
