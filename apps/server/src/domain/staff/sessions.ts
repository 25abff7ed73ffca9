import { sql } from 'drizzle-orm';
import type { LangCode, RoleTemplateKey } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { organisationSiteCodes } from './organisations.ts';
import { roleOf } from './roles.ts';
import { newOpaqueToken, sha256Hex } from './tokens.ts';
import type { NewSession, SecondFactorState, StaffClient, StaffSession } from './staff-types.ts';

/** A session ends after this long without a request (issue 27: 3 h to start with). */
export const SESSION_IDLE_MS = 3 * 3600_000;
/** And this long after sign-in, whatever happens (12 h). */
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
/** last_seen_at (and the idle deadline) move at most this often: one write a minute, not one a request. */
export const SESSION_TOUCH_MS = 60_000;
/** A re-authentication counts for this long (refunds, role changes, token creation, second factor). */
export const REAUTHENTICATION_WINDOW_MS = 5 * 60_000;

/**
 * Opens a session for a member of `organisationId` (a new id every time: sign-in, second factor after a
 * password change, never one given by the client). The cookie value leaves here once; the table keeps its
 * SHA-256.
 */
export async function createSession(
  tx: Tx | Db,
  input: { staffId: number; organisationId: number; client: StaffClient; secondFactorDone: boolean },
): Promise<NewSession> {
  const cookieValue = newOpaqueToken();
  const sessionId = sha256Hex(cookieValue);
  const csrfToken = newOpaqueToken();
  const { rows } = await tx.execute<{ absolute_expires_at: Date | string }>(sql`
    INSERT INTO staff_sessions (id, staff_id, organisation_id, idle_expires_at, absolute_expires_at,
      second_factor_done_at, csrf_token, client_address, user_agent)
    VALUES (${sessionId}, ${input.staffId}, ${input.organisationId},
      now() + ${`${SESSION_IDLE_MS} milliseconds`}::interval,
      now() + ${`${SESSION_ABSOLUTE_MS} milliseconds`}::interval,
      ${input.secondFactorDone ? sql`now()` : sql`NULL`}, ${csrfToken},
      ${input.client.address}, ${input.client.userAgent?.slice(0, 512) ?? null})
    RETURNING absolute_expires_at`);
  return { cookieValue, sessionId, csrfToken, absoluteExpiresAt: new Date(rows[0]!.absolute_expires_at) };
}

type SessionRow = {
  id: string;
  staff_id: number | string;
  organisation_id: number | string;
  created_at: Date | string;
  absolute_expires_at: Date | string;
  second_factor_done_at: Date | string | null;
  reauthenticated_at: Date | string | null;
  csrf_token: string;
  touch: boolean;
  email: string;
  name: string;
  lang: LangCode;
  totp_enabled_at: Date | string | null;
  all_sites: boolean;
  site_codes: string[];
  role_id: number | string;
  template_key: RoleTemplateKey | null;
  role_name: string;
  permissions: unknown;
  limits: unknown;
  require_second_factor: boolean;
};

const asDate = (value: Date | string) => new Date(value);

function secondFactorOf(row: SessionRow): SecondFactorState {
  if (row.second_factor_done_at !== null) return 'done';
  if (row.totp_enabled_at !== null) return 'needed';
  return row.require_second_factor ? 'enrolment-needed' : 'not-required';
}

/**
 * The session `cookieValue` opens, or null: unknown, ended, idle for SESSION_IDLE_MS, past
 * SESSION_ABSOLUTE_MS, its staff member removed, or no longer a member of the session's organisation.
 * Role, permissions and sites are read afresh on every request, so a change applies at once.
 */
export async function resolveSession(db: Db | Tx, cookieValue: string): Promise<StaffSession | null> {
  if (cookieValue.length < 16 || cookieValue.length > 128) return null;
  const sessionId = sha256Hex(cookieValue);
  return sessionById(db, sessionId, true);
}

/** The same by the session's id (the cookie's hash): what a route that already resolved it holds. */
export async function sessionById(
  db: Db | Tx,
  sessionId: string,
  touch = false,
): Promise<StaffSession | null> {
  const { rows } = await db.execute<SessionRow>(sql`
    SELECT s.id, s.staff_id, s.organisation_id, s.created_at, s.absolute_expires_at, s.second_factor_done_at,
      s.reauthenticated_at, s.csrf_token,
      s.last_seen_at < now() - ${`${SESSION_TOUCH_MS} milliseconds`}::interval AS touch,
      st.email, st.name, st.lang, st.totp_enabled_at,
      m.all_sites, m.site_codes, r.id AS role_id, r.template_key, r.name AS role_name, r.permissions,
      r.limits, r.require_second_factor
    FROM staff_sessions s
    JOIN staff st ON st.id = s.staff_id AND st.deleted_at IS NULL
    JOIN staff_memberships m ON m.staff_id = s.staff_id AND m.organisation_id = s.organisation_id
    JOIN staff_roles r ON r.id = m.role_id
    WHERE s.id = ${sessionId} AND s.ended_at IS NULL
      AND s.idle_expires_at > now() AND s.absolute_expires_at > now()`);
  const row = rows[0];
  if (!row) return null;
  if (touch && row.touch) {
    await db.execute(sql`
      UPDATE staff_sessions SET last_seen_at = now(),
        idle_expires_at = LEAST(absolute_expires_at, now() + ${`${SESSION_IDLE_MS} milliseconds`}::interval)
      WHERE id = ${sessionId} AND ended_at IS NULL`);
  }
  const organisationId = Number(row.organisation_id);
  const organisationSites = await organisationSiteCodes(db, organisationId);
  const role = roleOf({
    id: row.role_id,
    organisation_id: organisationId,
    template_key: row.template_key,
    name: row.role_name,
    permissions: row.permissions,
    limits: row.limits,
    require_second_factor: row.require_second_factor,
  });
  return {
    sessionId: row.id,
    staffId: Number(row.staff_id),
    email: row.email,
    name: row.name,
    lang: row.lang,
    organisationId,
    roleId: role.id,
    roleTemplate: role.templateKey,
    permissions: role.permissions,
    limits: role.limits,
    // A site moved to another organisation drops out of a membership that listed it.
    siteCodes: row.all_sites
      ? organisationSites
      : organisationSites.filter((code) => row.site_codes.includes(code)),
    allSites: row.all_sites,
    csrfToken: row.csrf_token,
    secondFactor: secondFactorOf(row),
    totpEnabled: row.totp_enabled_at !== null,
    reauthenticatedAt: row.reauthenticated_at === null ? null : asDate(row.reauthenticated_at),
    createdAt: asDate(row.created_at),
    absoluteExpiresAt: asDate(row.absolute_expires_at),
  };
}

/** Whether the session re-authenticated recently enough for a sensitive change. */
export function recentlyReauthenticated(
  session: Pick<StaffSession, 'reauthenticatedAt'>,
  now = new Date(),
): boolean {
  return (
    session.reauthenticatedAt !== null &&
    now.getTime() - session.reauthenticatedAt.getTime() <= REAUTHENTICATION_WINDOW_MS
  );
}

/** Ends one session (sign-out). Answers whether it was open. */
export async function endSession(tx: Tx | Db, sessionId: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    UPDATE staff_sessions SET ended_at = now() WHERE id = ${sessionId} AND ended_at IS NULL RETURNING id`);
  return rows.length > 0;
}

/** Ends every open session of a staff member but `keepSessionId` (none kept when absent). Answers how many. */
export async function endStaffSessions(
  tx: Tx | Db,
  staffId: number,
  keepSessionId?: string,
): Promise<number> {
  const { rows } = await tx.execute(sql`
    UPDATE staff_sessions SET ended_at = now()
    WHERE staff_id = ${staffId} AND ended_at IS NULL AND id IS DISTINCT FROM ${keepSessionId ?? null}
    RETURNING id`);
  return rows.length;
}

/** Ends the open sessions of a staff member within one organisation (membership removed). */
export async function endMembershipSessions(
  tx: Tx | Db,
  staffId: number,
  organisationId: number,
): Promise<number> {
  const { rows } = await tx.execute(sql`
    UPDATE staff_sessions SET ended_at = now()
    WHERE staff_id = ${staffId} AND organisation_id = ${organisationId} AND ended_at IS NULL RETURNING id`);
  return rows.length;
}
