import { createHash, randomBytes } from 'node:crypto';
import { ROLE_TEMPLATES, type RoleTemplateKey } from '@kippu/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../../app.ts';
import type { Db } from '../../../db/client.ts';

/**
 * Test support for the console's operations routes: two organisations of the test's own (A owns DEMO and
 * ARTIZON and MORI, B owns OKINAWA), and signed-in sessions prepared in the database (the subject here is
 * the routes, not signing in: identity's tests cover that).
 */
export const API = '/console/api/v1';

export interface Organisations {
  a: number;
  b: number;
}

export async function twoOrganisations(db: Db, tag: string): Promise<Organisations> {
  const query = async (text: string, values: unknown[]) => (await db.$client.query(text, values)).rows;
  const [a] = await query(`INSERT INTO organisations (code, name) VALUES ($1, $1) RETURNING id`, [
    `${tag}-a`,
  ]);
  const [b] = await query(`INSERT INTO organisations (code, name) VALUES ($1, $1) RETURNING id`, [
    `${tag}-b`,
  ]);
  await query(`UPDATE sites SET organisation_id = $1 WHERE code = ANY($2)`, [
    a.id,
    ['DEMO', 'ARTIZON', 'MORI'],
  ]);
  await query(`UPDATE sites SET organisation_id = $1 WHERE code = 'OKINAWA'`, [b.id]);
  return { a: Number(a.id), b: Number(b.id) };
}

let people = 0;

/** A console client: the session cookie, its CSRF token and the console's origin on every call. */
export interface ConsoleAs {
  staffId: number;
  get(path: string): Promise<LightMyRequestResponse>;
  post(path: string, payload: object): Promise<LightMyRequestResponse>;
  put(path: string, payload: object): Promise<LightMyRequestResponse>;
  patch(path: string, payload: object): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
}

/** A member of `organisationId` with the template's role, covering `sites` ('all': every site), signed in. */
export async function signedIn(
  app: App,
  db: Db,
  organisationId: number,
  template: RoleTemplateKey,
  sites: readonly string[] | 'all',
  /** false: signed in an hour ago and the password not given since (a route asking re-authentication refuses). */
  options: { reauthenticated?: boolean } = {},
): Promise<ConsoleAs> {
  const query = async (text: string, values: unknown[]) => (await db.$client.query(text, values)).rows;
  const role = ROLE_TEMPLATES[template];
  const [roleRow] = await query(
    `INSERT INTO staff_roles (organisation_id, template_key, name, permissions, limits)
     VALUES ($1, $2, $2, $3, $4)
     ON CONFLICT (organisation_id, template_key) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [organisationId, template, JSON.stringify(role.permissions), JSON.stringify(role.limits)],
  );
  people += 1;
  const [staff] = await query(`INSERT INTO staff (email, name, lang) VALUES ($1, $2, 'en') RETURNING id`, [
    `ops-${process.pid}-${people}@console.kippu.test`,
    `Operations ${people}`,
  ]);
  await query(
    `INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites, site_codes)
     VALUES ($1, $2, $3, $4, $5)`,
    [staff.id, organisationId, roleRow.id, sites === 'all', sites === 'all' ? [] : sites],
  );
  const cookie = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  await query(
    `INSERT INTO staff_sessions (id, staff_id, organisation_id, created_at, idle_expires_at, absolute_expires_at,
       second_factor_done_at, reauthenticated_at, csrf_token)
     VALUES ($1, $2, $3, CASE WHEN $5 THEN now() ELSE now() - interval '1 hour' END,
       now() + interval '1 hour', now() + interval '2 hours', now(),
       CASE WHEN $5 THEN now() ELSE now() - interval '1 hour' END, $4)`,
    [
      createHash('sha256').update(cookie).digest('hex'),
      staff.id,
      organisationId,
      csrf,
      options.reauthenticated ?? true,
    ],
  );
  const headers = { cookie: `kippu_console=${cookie}`, origin: 'http://localhost:80' };
  const write = { ...headers, 'x-console-csrf': csrf };
  return {
    staffId: Number(staff.id),
    get: (path) => app.inject({ method: 'GET', url: `${API}${path}`, headers }),
    post: (path, payload) => app.inject({ method: 'POST', url: `${API}${path}`, headers: write, payload }),
    put: (path, payload) => app.inject({ method: 'PUT', url: `${API}${path}`, headers: write, payload }),
    patch: (path, payload) => app.inject({ method: 'PATCH', url: `${API}${path}`, headers: write, payload }),
    delete: (path) => app.inject({ method: 'DELETE', url: `${API}${path}`, headers: write }),
  };
}
