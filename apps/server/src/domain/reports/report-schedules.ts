import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { ReportSchedulesAnswer, SaveReportSchedulesBody } from '@kippu/contract/console/reports-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

export const DAILY_SETTLEMENT = 'daily_settlement';

/** Staff of the organisation whose role reads reports (the only ones a schedule may mail), by name. */
async function candidates(db: Db | Tx, organisationId: number) {
  const { rows } = await db.execute<{ staff_id: number; name: string; email: string; lang: LangCode }>(sql`
    SELECT s.id AS staff_id, s.name, s.email, s.lang
    FROM staff_memberships m
    JOIN staff s ON s.id = m.staff_id AND s.deleted_at IS NULL
    JOIN staff_roles r ON r.id = m.role_id
    WHERE m.organisation_id = ${organisationId} AND r.permissions ->> 'reports' IN ('read', 'write')
    ORDER BY s.name, s.id`);
  return rows.map((row) => ({ ...row, staff_id: Number(row.staff_id) }));
}

/** The organisation's daily settlement schedule (off, nobody, every site, version 0 before the first save). */
export async function dailySettlementSchedule(
  db: Db | Tx,
  organisationId: number,
): Promise<ReportSchedulesAnswer> {
  const { rows } = await db.execute<{
    enabled: boolean;
    site_codes: string[];
    version: number;
    recipients: number[] | null;
  }>(sql`
    SELECT rs.enabled, rs.site_codes, rs.version,
           (SELECT array_agg(staff_id ORDER BY staff_id) FROM report_schedule_recipients rr
            WHERE rr.organisation_id = rs.organisation_id AND rr.kind = rs.kind) AS recipients
    FROM report_schedules rs WHERE rs.organisation_id = ${organisationId} AND rs.kind = ${DAILY_SETTLEMENT}`);
  const row = rows[0];
  return {
    daily_settlement: {
      enabled: row?.enabled ?? false,
      recipient_staff_ids: (row?.recipients ?? []).map(Number),
      site_codes: row?.site_codes ?? [],
      version: row?.version ?? 0,
    },
    candidates: await candidates(db, organisationId),
  };
}

/**
 * Saves the schedule (reports write, audited): recipients must be the organisation's staff who read reports
 * (400 otherwise), sites the organisation's (404 otherwise, as for any site it does not have), and
 * `expected_version` the one read (409 console edit conflict).
 */
export async function saveDailySettlementSchedule(
  db: Db,
  input: {
    organisationId: number;
    actor: AuditActor;
    schedule: SaveReportSchedulesBody['daily_settlement'];
  },
): Promise<ReportSchedulesAnswer> {
  const { organisationId, schedule } = input;
  return db.transaction(async (tx) => {
    const allowed = new Set((await candidates(tx, organisationId)).map((c) => c.staff_id));
    const recipients = [...new Set(schedule.recipient_staff_ids)].sort((a, b) => a - b);
    if (recipients.some((id) => !allowed.has(id))) {
      throw new AppError('invalid_request', 'a recipient is not a member who reads reports');
    }
    const siteCodes = [...new Set(schedule.site_codes)];
    const { rows: sites } = await tx.execute<{ code: string }>(sql`
      SELECT code FROM sites
      WHERE organisation_id = ${organisationId} AND code = ANY(${sql.param(siteCodes)}::text[])`);
    if (sites.length !== siteCodes.length) throw new AppError('record_not_found');
    const before = await dailySettlementSchedule(tx, organisationId);
    // Locks the row (or finds none): a second save with the same expected version waits and then conflicts.
    const { rows: current } = await tx.execute<{ version: number }>(sql`
      SELECT version FROM report_schedules
      WHERE organisation_id = ${organisationId} AND kind = ${DAILY_SETTLEMENT} FOR UPDATE`);
    const version = current[0] ? Number(current[0].version) : 0;
    if (version !== schedule.expected_version) throw new AppError('console_edit_conflict');
    const { rows: saved } = await tx.execute<{ version: number }>(sql`
      INSERT INTO report_schedules (organisation_id, kind, enabled, site_codes, version)
      VALUES (${organisationId}, ${DAILY_SETTLEMENT}, ${schedule.enabled}, ${sql.param(siteCodes)}::text[], 1)
      ON CONFLICT (organisation_id, kind) DO UPDATE
        SET enabled = EXCLUDED.enabled, site_codes = EXCLUDED.site_codes,
            version = report_schedules.version + 1, updated_at = now()
        WHERE report_schedules.version = ${schedule.expected_version}
      RETURNING version`);
    if (saved.length === 0) throw new AppError('console_edit_conflict');
    await tx.execute(sql`
      DELETE FROM report_schedule_recipients WHERE organisation_id = ${organisationId} AND kind = ${DAILY_SETTLEMENT}`);
    await tx.execute(sql`
      INSERT INTO report_schedule_recipients (organisation_id, kind, staff_id)
      SELECT ${organisationId}, ${DAILY_SETTLEMENT}, unnest(${sql.param(recipients)}::bigint[])`);
    const after = await dailySettlementSchedule(tx, organisationId);
    await recordAudit(tx, {
      actor: input.actor,
      organisationId,
      objectType: 'report_schedule',
      objectId: DAILY_SETTLEMENT,
      action: 'updated',
      before: before.daily_settlement,
      after: after.daily_settlement,
    });
    return after;
  });
}
