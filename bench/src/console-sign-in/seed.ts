import type pg from 'pg';
import { ROLE_TEMPLATES } from '@kippu/contract';
import { hashPassword } from '../../../apps/server/src/domain/staff/password-hash.ts';

/** The password of every benchmark account (long and not on the common-password list). */
export const BENCH_PASSWORD = 'bench sign-in passphrase 2026';

export interface BenchStaff {
  emails: string[];
}

/**
 * An organisation of its own with `count` gate staff (the gate role asks no second factor, so a sign-in is
 * one request), each with their own Argon2id hash made by the server's own function and parameters. Written
 * straight into the tables: the benchmark's subject is signing in, not inviting.
 */
export async function seedBenchStaff(pool: pg.Pool, count: number): Promise<BenchStaff> {
  const organisation = await pool.query<{ id: string }>(
    `INSERT INTO organisations (code, name) VALUES ('bench', 'Benchmark organisation') RETURNING id`,
  );
  const organisationId = organisation.rows[0]!.id;
  const gate = ROLE_TEMPLATES.gate;
  const role = await pool.query<{ id: string }>(
    `INSERT INTO staff_roles (organisation_id, template_key, name, permissions, limits, require_second_factor)
     VALUES ($1, 'gate', 'Gate', $2, $3, $4) RETURNING id`,
    [organisationId, JSON.stringify(gate.permissions), JSON.stringify(gate.limits), gate.requireSecondFactor],
  );
  const emails: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const email = `bench-${n}@bench.kippu.test`;
    const staff = await pool.query<{ id: string }>(
      `INSERT INTO staff (email, name, lang, password_hash) VALUES ($1, $2, 'en', $3) RETURNING id`,
      [email, `Bench ${n}`, await hashPassword(BENCH_PASSWORD)],
    );
    await pool.query(
      `INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites) VALUES ($1, $2, $3, true)`,
      [staff.rows[0]!.id, organisationId, role.rows[0]!.id],
    );
    emails.push(email);
  }
  return { emails };
}
