import { z } from 'zod';
import { productTypeSchema, siteCodeSchema } from '../enum-schemas.ts';
import { datesInRange, numericIdSchema, visitDateSchema } from '../endpoints/catalogue-common.ts';
import { localizedTextSchema } from '../i18n-text.ts';

/**
 * The console's slots (issue 28, "Slots and capacity", ADR 069). A slot is a row of `time_spans`: one start
 * of one product with its capacity. Every date and clock time here is Asia/Tokyo: `date` is yyyy-MM-dd,
 * times are HH:MM; `starts_at`/`ends_at` are the same instants as ISO timestamps.
 */

/** Longest range the heatmap answers in one call (about two months). */
export const HEATMAP_MAX_DAYS = 62;
/** Longest range the generator covers in one run (a year and a day). */
export const GENERATOR_MAX_DAYS = 367;
/** Most slots one generator run creates (preview and save refuse beyond it, on `to`). */
export const GENERATOR_MAX_SLOTS = 5_000;
/** Most slots one bulk edit takes. */
export const BULK_MAX_SLOTS = 3_000;
/** Largest capacity of one slot. */
export const SLOT_MAX_CAPACITY = 100_000;
/** How often the heatmap asks again ("live"; the server's answer is never cached). */
export const HEATMAP_POLL_MS = 5_000;

/** A clock time in Tokyo, HH:MM (00:00 to 23:59). */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

/** ISO weekday: 1 Monday ... 7 Sunday. */
export const isoWeekdaySchema = z.number().int().min(1).max(7);

export const slotCapacitySchema = z.number().int().min(0).max(SLOT_MAX_CAPACITY);

/** `/sites/:site/slots/:id`. */
export const scheduleSlotParamsSchema = z.object({ site: siteCodeSchema, id: numericIdSchema });
/** `/sites/:site/...`. */
export const scheduleSiteParamsSchema = z.object({ site: siteCodeSchema });

/** One slot as the console shows it. */
export const consoleSlotSchema = z.object({
  id: z.number().int(),
  product_uuid: z.string(),
  /** Tokyo date of the start. */
  date: visitDateSchema,
  start_time: clockTimeSchema,
  /** Tokyo clock time of the end (may be on the next day for a slot that crosses midnight). */
  end_time: clockTimeSchema,
  starts_at: z.string(),
  ends_at: z.string(),
  capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  on_sale: z.boolean(),
  /** Bumped by every console write; send it back as `expected_version` to edit this slot alone. */
  version: z.number().int(),
  /** Edited individually (the single-slot edit): bulk edits may skip such slots. */
  edited_by_hand: z.boolean(),
  /** The start is in the past: "future slots only" skips it. */
  started: z.boolean(),
});
export type ConsoleSlot = z.infer<typeof consoleSlotSchema>;

/** A product of the site, for the heatmap's filter and the generator's choice. */
export const scheduleProductSchema = z.object({
  uuid: z.string(),
  product_type: productTypeSchema,
  names: localizedTextSchema,
  /** Slots of the product from today on (Tokyo). */
  future_slots: z.number().int(),
});

/** Days the heatmap shows when the query names no range (from today, Tokyo). */
export const HEATMAP_DEFAULT_DAYS = 28;

/**
 * `?from&to[&product]`: at most HEATMAP_MAX_DAYS dates. Without `from` the range starts today (Tokyo); without
 * `to` it runs HEATMAP_DEFAULT_DAYS days; the answer says which range it covers.
 */
export const heatmapQuerySchema = z
  .object({ from: visitDateSchema.optional(), to: visitDateSchema.optional(), product: z.uuid().optional() })
  .superRefine((query, ctx) => {
    if (query.from === undefined || query.to === undefined) return;
    const days = datesInRange(query.from, query.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > HEATMAP_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${HEATMAP_MAX_DAYS} days` });
  });

/**
 * The heatmap: every slot of the site's products (or the one asked for) whose start falls in the range,
 * ordered by date, start time, product. Rows are days, columns the distinct start times; fill is
 * (sold + held) / capacity.
 */
export const heatmapSchema = z.object({
  site: z.string(),
  from: visitDateSchema,
  to: visitDateSchema,
  /** Every product of the site (not only those with slots in the range). */
  products: z.array(scheduleProductSchema),
  slots: z.array(consoleSlotSchema),
});
export type Heatmap = z.infer<typeof heatmapSchema>;

/** Opening times: a list of start times, or every `every_minutes` from `from` to `to` (both included). */
export const openingTimesSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('list'), times: z.array(clockTimeSchema).min(1).max(96) }),
  z.object({
    kind: z.literal('interval'),
    from: clockTimeSchema,
    to: clockTimeSchema,
    every_minutes: z.number().int().min(5).max(720),
  }),
]);
export type OpeningTimes = z.infer<typeof openingTimesSchema>;

/**
 * The generator: one slot per chosen weekday, opening time and date in [from, to] except the excluded dates
 * (and Japanese public holidays when `exclude_holidays`). `preview: true` answers what would be created and
 * what exists already (skipped) without writing; otherwise everything is created in one transaction and a
 * start that exists is skipped, so running it again creates nothing.
 */
export const generateSlotsBodySchema = z
  .object({
    product_uuid: z.uuid(),
    from: visitDateSchema,
    to: visitDateSchema,
    weekdays: z.array(isoWeekdaySchema).min(1).max(7),
    times: openingTimesSchema,
    length_minutes: z.number().int().min(5).max(1440),
    capacity: slotCapacitySchema,
    on_sale: z.boolean().default(true),
    exclude_dates: z.array(visitDateSchema).max(400).default([]),
    exclude_holidays: z.boolean().default(false),
    preview: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    const days = datesInRange(body.from, body.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > GENERATOR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${GENERATOR_MAX_DAYS} days` });
    if (body.times.kind === 'interval' && body.times.to < body.times.from)
      ctx.addIssue({ code: 'custom', path: ['times', 'to'], message: 'to must not be before from' });
  });
export type GenerateSlotsBody = z.input<typeof generateSlotsBodySchema>;

/** A slot the generator would create (or created). */
export const plannedSlotSchema = z.object({
  date: visitDateSchema,
  start_time: clockTimeSchema,
  end_time: clockTimeSchema,
  starts_at: z.string(),
});

export const excludedDateSchema = z.object({
  date: visitDateSchema,
  reason: z.enum(['date', 'holiday']),
  /** The holiday's Japanese name (祝日名) when reason is holiday. */
  holiday_name: z.string().optional(),
});

export const generateSlotsResponseSchema = z.object({
  preview: z.boolean(),
  /** Slots created (or, in a preview, that would be). */
  created: z.array(plannedSlotSchema),
  /** Starts that exist already for the product: skipped, never duplicated. */
  existing: z.array(plannedSlotSchema.extend({ id: z.number().int() })),
  /** Dates of the range on a chosen weekday left out. */
  excluded: z.array(excludedDateSchema),
});
export type GenerateSlotsResponse = z.infer<typeof generateSlotsResponseSchema>;

/** A single new slot; a start the product has already answers console_slot_start_taken. */
export const createSlotBodySchema = z.object({
  product_uuid: z.uuid(),
  date: visitDateSchema,
  start_time: clockTimeSchema,
  length_minutes: z.number().int().min(5).max(1440),
  capacity: slotCapacitySchema,
  on_sale: z.boolean().default(true),
});

/**
 * Edit one slot: any of its start (date, time), length, capacity and sale. `expected_version` is the version
 * read; a stale one answers console_edit_conflict. Moving a slot with tickets moves their entry window and
 * mails each holder, unless `refuse_if_tickets` (then console_slot_has_tickets).
 */
export const updateSlotBodySchema = z.object({
  expected_version: z.number().int().min(1),
  date: visitDateSchema.optional(),
  start_time: clockTimeSchema.optional(),
  length_minutes: z.number().int().min(5).max(1440).optional(),
  capacity: slotCapacitySchema.optional(),
  on_sale: z.boolean().optional(),
  refuse_if_tickets: z.boolean().default(false),
});
export const slotResponseSchema = z.object({ slot: consoleSlotSchema });

/** A bulk action on selected slots. Close stops new sales only: existing tickets stay valid. */
export const bulkSlotActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('set_capacity'), capacity: slotCapacitySchema }),
  z.object({ kind: z.literal('close') }),
  z.object({ kind: z.literal('reopen') }),
  z.object({
    kind: z.literal('shift'),
    minutes: z
      .number()
      .int()
      .min(-1440)
      .max(1440)
      .refine((m) => m !== 0),
  }),
]);
export type BulkSlotAction = z.infer<typeof bulkSlotActionSchema>;

/** A selected slot and the version it was seen at. */
export const bulkSlotRefSchema = z.object({
  id: z.number().int().positive(),
  version: z.number().int().min(1),
});
export type BulkSlotRef = z.infer<typeof bulkSlotRefSchema>;

/**
 * A bulk edit of the selected slots (a day, a column, a rectangle of the heatmap). `preview: true` answers
 * what would change and writes nothing, and `slots` with each slot's version now: the save sends those, and
 * answers console_edit_conflict (an issue per slot, nothing applied) when any slot changed since. A capacity
 * below sold + held is refused as a whole (console_capacity_below_taken, `issues` name each slot); a shift of
 * slots with tickets is refused as a whole when `refuse_if_tickets` (console_slot_has_tickets, an issue per
 * slot), else their holders are mailed.
 */
export const bulkEditSlotsBodySchema = z.object({
  /** Each slot once. */
  slots: z
    .array(bulkSlotRefSchema)
    .min(1)
    .max(BULK_MAX_SLOTS)
    .refine((slots) => new Set(slots.map((slot) => slot.id)).size === slots.length, 'each slot once'),
  action: bulkSlotActionSchema,
  /** Skip slots whose start has passed. */
  future_only: z.boolean().default(true),
  /** Skip slots edited individually. */
  skip_edited_by_hand: z.boolean().default(false),
  refuse_if_tickets: z.boolean().default(false),
  preview: z.boolean().default(false),
});
export type BulkEditSlotsBody = z.input<typeof bulkEditSlotsBodySchema>;

export const slotChangeSchema = z.object({
  slot_id: z.number().int(),
  before: consoleSlotSchema,
  after: consoleSlotSchema,
});

export const skippedSlotSchema = z.object({
  slot_id: z.number().int(),
  reason: z.enum(['started', 'edited_by_hand', 'unchanged']),
});

/**
 * A slot a capacity would put below what it has sold, held and allotted to partners (seats of unreleased
 * allotments not yet sold, issue 30, ADR 089): short by `short_by` places.
 */
export const slotBelowTakenSchema = z.object({
  slot_id: z.number().int(),
  date: visitDateSchema,
  start_time: clockTimeSchema,
  capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  allotted: z.number().int(),
  short_by: z.number().int(),
});

export const bulkEditSlotsResponseSchema = z.object({
  preview: z.boolean(),
  /** Every selected slot with its version now (after a preview: what the save sends). */
  slots: z.array(bulkSlotRefSchema),
  /** What changes (or, in a preview, would). */
  changes: z.array(slotChangeSchema),
  skipped: z.array(skippedSlotSchema),
  /** Non-empty only in a preview: saving would be refused. */
  below_taken: z.array(slotBelowTakenSchema),
  /** Changed slots that have tickets, and their tickets (holders mailed on a shift). */
  slots_with_tickets: z.number().int(),
  tickets: z.number().int(),
  mails: z.number().int(),
});
export type BulkEditSlotsResponse = z.infer<typeof bulkEditSlotsResponseSchema>;

/**
 * Close a day: stop sales of every slot starting on `date` at each chosen site (sites the membership covers;
 * another answers 404). Existing tickets stay; what to do with their holders is part 3 (move or refund).
 */
export const closeDayBodySchema = z.object({
  date: visitDateSchema,
  sites: z.array(siteCodeSchema).min(1).max(50),
  preview: z.boolean().default(false),
});

export const closeDaySiteSchema = z.object({
  site: z.string(),
  /** Slots of the day closed now (or that would be). */
  slots_closed: z.number().int(),
  /** Slots of the day already closed. */
  slots_already_closed: z.number().int(),
  /** Standing orders (paid or reserved) on the day's slots and their tickets: part 3 moves or refunds them. */
  orders: z.number().int(),
  tickets: z.number().int(),
  /** Distinct visitors (by mail address) holding them. */
  visitors: z.number().int(),
});
export const closeDayResponseSchema = z.object({
  preview: z.boolean(),
  date: visitDateSchema,
  sites: z.array(closeDaySiteSchema),
});
export type CloseDayResponse = z.infer<typeof closeDayResponseSchema>;

/** `?from&to`: Japanese public holidays of the range (for the generator's calendar). */
export const holidaysQuerySchema = z.object({ from: visitDateSchema, to: visitDateSchema });
export const holidaysResponseSchema = z.object({
  holidays: z.array(z.object({ date: visitDateSchema, name: z.string() })),
});
