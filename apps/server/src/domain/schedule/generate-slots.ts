import { sql } from 'drizzle-orm';
import {
  GENERATOR_MAX_SLOTS,
  type GenerateSlotsResponse,
  type OpeningTimes,
  generateSlotsBodySchema,
} from '@kippu/contract/console/schedule-schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { noteStockChange } from '../stock/stock-changes.ts';
import { japaneseHolidays } from './holidays.ts';
import { clockOf, datesBetween, isoWeekday, minutesOf, tokyoInstant, tokyoParts } from './tokyo-time.ts';

export type GenerateSlotsInput = z.output<typeof generateSlotsBodySchema>;

interface Planned {
  date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
}

/** The start times of the opening times, in order, without repeats. */
export function startTimes(times: OpeningTimes): number[] {
  if (times.kind === 'list') return [...new Set(times.times.map(minutesOf))].sort((a, b) => a - b);
  const starts: number[] = [];
  for (let m = minutesOf(times.from); m <= minutesOf(times.to); m += times.every_minutes) starts.push(m);
  return starts;
}

/**
 * What a generator run asks for (pure): the dates of the range on the chosen weekdays that are not excluded,
 * times each start; and the dates left out with why.
 */
export function planSlots(
  input: Pick<
    GenerateSlotsInput,
    'from' | 'to' | 'weekdays' | 'times' | 'length_minutes' | 'exclude_dates' | 'exclude_holidays'
  >,
): { planned: Planned[]; excluded: GenerateSlotsResponse['excluded'] } {
  const weekdays = new Set(input.weekdays);
  const excludedDates = new Set(input.exclude_dates);
  const holidays = new Map(
    input.exclude_holidays ? japaneseHolidays(input.from, input.to).map((h) => [h.date, h.name]) : [],
  );
  const starts = startTimes(input.times);
  const planned: Planned[] = [];
  const excluded: GenerateSlotsResponse['excluded'] = [];
  for (const date of datesBetween(input.from, input.to)) {
    if (!weekdays.has(isoWeekday(date))) continue;
    if (excludedDates.has(date)) {
      excluded.push({ date, reason: 'date' });
      continue;
    }
    const holiday = holidays.get(date);
    if (holiday !== undefined) {
      excluded.push({ date, reason: 'holiday', holiday_name: holiday });
      continue;
    }
    for (const start of starts) {
      const startsAt = tokyoInstant(date, start);
      const endsAt = new Date(startsAt.getTime() + input.length_minutes * 60_000);
      planned.push({
        date,
        start_time: clockOf(start),
        end_time: tokyoParts(endsAt).time,
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
      });
    }
  }
  return { planned, excluded };
}

const withoutEnd = ({ ends_at: _ends, ...slot }: Planned) => slot;

/**
 * The slot generator (issue 28): a preview answers what would be created and what exists (and would be
 * skipped); a run creates them in ONE transaction with `ON CONFLICT (product_id, starts_at) DO NOTHING`, so
 * running it again, or two runs at once, never duplicate a slot. One audit event summarises the run.
 */
export async function generateSlots(
  db: Db,
  actor: AuditActor,
  siteCode: string,
  input: GenerateSlotsInput,
): Promise<GenerateSlotsResponse> {
  const { planned, excluded } = planSlots(input);
  if (planned.length > GENERATOR_MAX_SLOTS) {
    throw new AppError('invalid_request', undefined, {
      issues: [{ path: 'body.to', message: `at most ${GENERATOR_MAX_SLOTS} slots in one run` }],
    });
  }
  const starts = planned.map((p) => p.starts_at);
  const result = await db.transaction(async (tx) => {
    const { rows: products } = await tx.execute<{ id: number }>(sql`
      SELECT id FROM products WHERE uuid = ${input.product_uuid}::uuid AND site_code = ${siteCode} FOR SHARE`);
    if (products.length === 0) throw new AppError('record_not_found');
    const productId = Number(products[0]!.id);
    let created: string[] = [];
    if (!input.preview && planned.length > 0) {
      const { rows } = await tx.execute<{ starts_at: string }>(sql`
        INSERT INTO time_spans (product_id, starts_at, ends_at, capacity, on_sale)
        SELECT ${productId}, s.starts_at, s.ends_at, ${input.capacity}, ${input.on_sale}
        FROM unnest(${sql.param(starts)}::timestamptz[], ${sql.param(planned.map((p) => p.ends_at))}::timestamptz[])
             AS s(starts_at, ends_at)
        ON CONFLICT (product_id, starts_at) DO NOTHING
        RETURNING starts_at`);
      created = rows.map((row) => new Date(row.starts_at).toISOString());
    }
    const createdSet = new Set(created);
    const { rows: existingRows } = await tx.execute<{ id: string; starts_at: string }>(sql`
      SELECT id, starts_at FROM time_spans
      WHERE product_id = ${productId} AND starts_at = ANY(${sql.param(starts)}::timestamptz[])`);
    const existingIds = new Map(
      existingRows
        .map((row) => [new Date(row.starts_at).toISOString(), Number(row.id)] as const)
        .filter(([start]) => !createdSet.has(start)),
    );
    const response: GenerateSlotsResponse = {
      preview: input.preview,
      created: planned
        .filter((p) => (input.preview ? !existingIds.has(p.starts_at) : createdSet.has(p.starts_at)))
        .map(withoutEnd),
      existing: planned
        .filter((p) => existingIds.has(p.starts_at))
        .map((p) => ({ ...withoutEnd(p), id: existingIds.get(p.starts_at)! })),
      excluded,
    };
    if (!input.preview) {
      await recordAudit(tx, {
        actor,
        siteCode,
        objectType: 'slot',
        objectId: input.product_uuid,
        action: 'generated',
        after: {
          product_uuid: input.product_uuid,
          from: input.from,
          to: input.to,
          weekdays: input.weekdays,
          times: input.times,
          length_minutes: input.length_minutes,
          capacity: input.capacity,
          on_sale: input.on_sale,
          exclude_dates: input.exclude_dates,
          exclude_holidays: input.exclude_holidays,
          created: response.created.length,
          skipped_existing: response.existing.length,
          excluded_dates: excluded.length,
          first_start: response.created[0]?.starts_at ?? null,
          last_start: response.created.at(-1)?.starts_at ?? null,
        },
      });
    }
    return response;
  });
  if (result.created.length > 0 && !input.preview) noteStockChange();
  return result;
}
