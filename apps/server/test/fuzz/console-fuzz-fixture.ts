import type { Db } from '../../src/db/client.ts';

/**
 * What the console fuzz suite needs in the database (prepared here, not through the console: the subject is
 * the routes' answers, not making these rows): objects of the OTHER organisation, each carrying a marker no
 * request ever sends, so an answer that holds one has leaked it; and objects of the signed-in organisation
 * that the fuzz may change or remove without cutting the branch it sits on (never the fuzzing members).
 */
export const LEAK_MARKER = 'Zleakmarkerz';

export interface ConsoleFuzzFixture {
  ownOrganisationId: number;
  otherOrganisationId: number;
  /** A site of the other organisation (OKINAWA in the demo). */
  otherSite: string;
  /** Ids of the other organisation's staff, role, invitation and gate device (each in a range of its own). */
  otherIds: number[];
  /** Ids of the signed-in organisation's objects the fuzz may spend. */
  spareIds: number[];
  /** An order of the other organisation's site (orders' ids are not moved: not among `otherIds`). */
  otherOrderId: number;
}

type Query = <R>(text: string, values?: unknown[]) => Promise<R[]>;

function queryOf(db: Db): Query {
  return async <R>(text: string, values: unknown[] = []) =>
    (await db.$client.query(text, values)).rows as R[];
}

async function one<R>(query: Query, text: string, values: unknown[]): Promise<R> {
  const [row] = await query<R>(text, values);
  if (!row) throw new Error(`no row from: ${text}`);
  return row;
}

/** A custom role, a member with it, a pending invitation and a gate device of `site`, all in `organisationId`. */
async function objectsOf(query: Query, organisationId: number, site: string, tag: string): Promise<number[]> {
  const role = await one<{ id: string }>(
    query,
    `INSERT INTO staff_roles (organisation_id, name, permissions) VALUES ($1, $2, $3) RETURNING id`,
    [
      organisationId,
      `${tag} role`,
      JSON.stringify({
        catalogue: 'read',
        schedule: 'read',
        orders: 'read',
        refunds: 'none',
        checkIn: 'read',
        reports: 'read',
        settings: 'none',
        staff: 'none',
        integrations: 'none',
      }),
    ],
  );
  const staff = await one<{ id: string }>(
    query,
    `INSERT INTO staff (email, name, lang) VALUES ($1, $2, 'en') RETURNING id`,
    [`${tag.toLowerCase().replace(/\W+/g, '-')}@fuzz.kippu.test`, `${tag} member`],
  );
  await query(
    `INSERT INTO staff_memberships (staff_id, organisation_id, role_id, site_codes) VALUES ($1, $2, $3, $4)`,
    [staff.id, organisationId, role.id, [site]],
  );
  const invitation = await one<{ id: string }>(
    query,
    `INSERT INTO staff_invitations (token_hash, organisation_id, email, name, lang, role_id, site_codes, expires_at)
     VALUES (md5(random()::text), $1, $2, $3, 'en', $4, $5, now() + interval '7 days') RETURNING id`,
    [
      organisationId,
      `${tag.toLowerCase().replace(/\W+/g, '-')}-invited@fuzz.kippu.test`,
      `${tag} invitee`,
      role.id,
      [site],
    ],
  );
  const device = await one<{ id: string }>(
    query,
    `INSERT INTO gate_keys (site_code, label, key_hash) VALUES ($1, $2, md5(random()::text)) RETURNING id`,
    [site, `${tag} device`],
  );
  return [role.id, staff.id, invitation.id, device.id].map(Number);
}

export async function prepareConsoleFuzz(
  db: Db,
  ownSite: string,
  otherSite: string,
): Promise<ConsoleFuzzFixture> {
  const query = queryOf(db);
  const organisationOf = async (site: string) =>
    Number(
      (await one<{ id: string }>(query, 'SELECT organisation_id AS id FROM sites WHERE code = $1', [site]))
        .id,
    );
  const ownOrganisationId = await organisationOf(ownSite);
  let otherOrganisationId = await organisationOf(otherSite);
  if (ownOrganisationId === otherOrganisationId) {
    // Without the demo's second organisation, one of the suite's own: the other site moves to it.
    otherOrganisationId = Number(
      (
        await one<{ id: string }>(
          query,
          `INSERT INTO organisations (code, name) VALUES ('fuzz-other', 'Fuzz other') RETURNING id`,
          [],
        )
      ).id,
    );
    await query('UPDATE sites SET organisation_id = $1 WHERE code = $2', [otherOrganisationId, otherSite]);
  }
  const spareIds = await objectsOf(query, ownOrganisationId, ownSite, 'Spare');
  // The other organisation's ids in ranges of their own per table, so that an id of one is never also the id
  // of this organisation's object in another table (a `DELETE /staff/1` must mean nobody else's staff 1).
  for (const [table, base] of [
    ['staff', 1_100_000],
    ['staff_roles', 1_200_000],
    ['staff_invitations', 1_300_000],
    ['gate_keys', 1_400_000],
  ] as const) {
    await query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), $1)`, [base]);
  }
  const otherIds = await objectsOf(query, otherOrganisationId, otherSite, `${LEAK_MARKER} other`);
  // The other organisation's log holds the marker too: its listing must never show it.
  await query(
    `INSERT INTO audit_events (actor_kind, actor_label, organisation_id, site_code, object_type, object_id, action, after)
     VALUES ('system', $1, $2, $3, 'fuzz', 'fuzz-1', 'fuzz.prepared', $4)`,
    [`${LEAK_MARKER} job`, otherOrganisationId, otherSite, JSON.stringify({ note: LEAK_MARKER })],
  );
  const order = await one<{ id: string }>(
    query,
    `SELECT id FROM orders WHERE site_code = $1 ORDER BY id LIMIT 1`,
    [otherSite],
  ).catch(() => ({ id: '0' }));
  return {
    ownOrganisationId,
    otherOrganisationId,
    otherSite,
    otherIds,
    spareIds,
    otherOrderId: Number(order.id),
  };
}

/**
 * Everything of the other organisation the console could change, as one JSON text: the fuzz must leave it
 * exactly as it was (a refused write that wrote anyway is a hole even when its answer looked right).
 */
export async function otherOrganisationState(db: Db, fixture: ConsoleFuzzFixture): Promise<string> {
  const query = queryOf(db);
  const rows = await one<{ state: unknown }>(
    query,
    `SELECT jsonb_build_object(
       'organisation', (SELECT to_jsonb(o) FROM organisations o WHERE o.id = $1),
       'roles', (SELECT jsonb_agg(to_jsonb(r) ORDER BY r.id) FROM staff_roles r WHERE r.organisation_id = $1),
       'memberships', (SELECT jsonb_agg(to_jsonb(m) ORDER BY m.id) FROM staff_memberships m WHERE m.organisation_id = $1),
       'staff', (SELECT jsonb_agg(to_jsonb(s) - 'totp_last_step' ORDER BY s.id) FROM staff s
                 WHERE s.id IN (SELECT staff_id FROM staff_memberships WHERE organisation_id = $1)),
       'invitations', (SELECT jsonb_agg(to_jsonb(i) ORDER BY i.id) FROM staff_invitations i WHERE i.organisation_id = $1),
       'devices', (SELECT jsonb_agg(to_jsonb(g) ORDER BY g.id) FROM gate_keys g
                   WHERE g.site_code IN (SELECT code FROM sites WHERE organisation_id = $1)),
       'visitorInvitations', (SELECT jsonb_agg(jsonb_build_object('id', v.id, 'revoked_at', v.revoked_at) ORDER BY v.id)
                   FROM invitations v WHERE v.site_code IN (SELECT code FROM sites WHERE organisation_id = $1)),
       'spotTokens', (SELECT jsonb_agg(to_jsonb(t) ORDER BY t.token) FROM spot_qr_tokens t
                   WHERE t.site_code IN (SELECT code FROM sites WHERE organisation_id = $1))
     ) AS state`,
    [fixture.otherOrganisationId],
  );
  return JSON.stringify(rows.state);
}

/** Rows of the signed-in organisation that name a site of the other one (an invitation or membership for it). */
export async function ownRowsNamingOtherSite(db: Db, fixture: ConsoleFuzzFixture): Promise<number> {
  const row = await one<{ n: number }>(
    queryOf(db),
    `SELECT (SELECT count(*) FROM staff_invitations WHERE organisation_id = $1 AND $2 = ANY(site_codes))
          + (SELECT count(*) FROM staff_memberships WHERE organisation_id = $1 AND $2 = ANY(site_codes)) AS n`,
    [fixture.ownOrganisationId, fixture.otherSite],
  );
  return Number(row.n);
}
