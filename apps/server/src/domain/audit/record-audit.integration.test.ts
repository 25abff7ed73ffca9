import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { recordAudit, type AuditAction, type AuditObjectType } from './record-audit.ts';

const ctx = setupTestApp();

/** Codes no domain records, cast past the server's list: these rows test the writing, not a domain's events. */
const PROBE_TYPE = 't' as AuditObjectType;
const PROBE_ACTION = 'x' as AuditAction;

type Stored = {
  id: number;
  actor_kind: string;
  before: unknown;
  after: unknown;
  personal_data: unknown;
  personal_subject: string | null;
  site_code: string | null;
};

async function eventsOf(objectId: string): Promise<Stored[]> {
  const { rows } = await ctx.db.execute<Stored>(
    sql`SELECT id, actor_kind, before, after, personal_data, personal_subject, site_code
        FROM audit_events WHERE object_id = ${objectId} ORDER BY id`,
  );
  return rows;
}

async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  const error = await ctx.db.execute(statement).then(
    () => undefined,
    (caught: unknown) => caught as { cause?: { message?: string } },
  );
  return error?.cause?.message ?? 'no refusal';
}

describe('recordAudit', () => {
  it("writes in the caller's transaction: a rolled-back change leaves no event", async () => {
    await ctx.db
      .transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { kind: 'system', label: 'refunds' },
          objectType: PROBE_TYPE,
          objectId: 'rb-1',
          action: PROBE_ACTION,
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await eventsOf('rb-1')).toEqual([]);
    await ctx.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { kind: 'system', label: 'refunds' },
        objectType: PROBE_TYPE,
        objectId: 'rb-2',
        action: PROBE_ACTION,
      }),
    );
    expect(await eventsOf('rb-2')).toHaveLength(1);
  });

  it('never stores a secret, and keeps personal data apart under its subject', async () => {
    await recordAudit(ctx.db, {
      actor: { kind: 'staff', staffId: 7, clientAddress: '192.0.2.1', userAgent: 'ua' },
      siteCode: 'OKINAWA',
      objectType: 'staff',
      objectId: 's-1',
      action: 'password_changed',
      before: { password_hash: '$argon2id$old', name: 'A' },
      after: { password_hash: '$argon2id$new', totp: { seed: 'JBSWY3DP' }, tel: '090-1111-2222' },
    });
    const [row] = await eventsOf('s-1');
    expect(JSON.stringify([row!.before, row!.after])).not.toMatch(/argon2id|JBSWY3DP|090-1111/);
    expect(row!.after).toEqual({ password_hash: '[secret]', totp: '[secret]', tel: '[personal]' });
    expect(row!.personal_data).toEqual({ before: {}, after: { tel: '090-1111-2222' } });
    expect(row!.personal_subject).toBe('staff:s-1');
  });

  it('stores a value with a NUL or a lone surrogate rather than failing the change it records', async () => {
    await ctx.db.transaction((tx) =>
      recordAudit(tx, {
        // A device's label is its name as typed: free text, where a NUL could come from.
        actor: { kind: 'device', deviceId: 1, label: 'a\u0000b', userAgent: '\ud800ua' },
        objectType: PROBE_TYPE,
        objectId: 'nul-1',
        action: PROBE_ACTION,
        after: { name: 'x\u0000\ud800y', ['k\u0000']: ['\udc00'], pair: '😀' },
      }),
    );
    const { rows } = await ctx.db.execute<{ after: unknown; actor_label: string; user_agent: string }>(
      sql`SELECT after, actor_label, user_agent FROM audit_events WHERE object_id = 'nul-1'`,
    );
    expect(rows[0]).toEqual({
      after: { name: 'x\ufffd\ufffdy', 'k\ufffd': ['\ufffd'], pair: '😀' },
      actor_label: 'a\ufffdb',
      user_agent: '\ufffdua',
    });
  });

  it("takes the site's organisation when the caller names none, and leaves it null for an unknown site", async () => {
    await recordAudit(ctx.db, {
      actor: { kind: 'system' },
      siteCode: 'OKINAWA',
      objectType: PROBE_TYPE,
      objectId: 'org-1',
      action: PROBE_ACTION,
    });
    await recordAudit(ctx.db, {
      actor: { kind: 'system' },
      siteCode: 'NOWHERE',
      objectType: PROBE_TYPE,
      objectId: 'org-2',
      action: PROBE_ACTION,
    });
    const { rows } = await ctx.db.execute<{ object_id: string; matches: boolean | null }>(sql`
      SELECT e.object_id, e.organisation_id = s.organisation_id AS matches
      FROM audit_events e LEFT JOIN sites s ON s.code = e.site_code
      WHERE e.object_id IN ('org-1', 'org-2') ORDER BY e.object_id`);
    expect(rows).toEqual([
      { object_id: 'org-1', matches: true },
      { object_id: 'org-2', matches: null },
    ]);
  });
});

describe('append-only', () => {
  it('the table refuses UPDATE, DELETE and TRUNCATE', async () => {
    await recordAudit(ctx.db, {
      actor: { kind: 'visitor' },
      objectType: 'order',
      objectId: 'ao-1',
      action: 'paid',
      // Personal data (kept apart): an order's `after` holds only the timeline's keys, the visitor's form among them.
      after: { customer_info: { tel: '1' } },
    });
    const [row] = await eventsOf('ao-1');
    expect(await refusal(sql`UPDATE audit_events SET action = 'forged' WHERE id = ${row!.id}`)).toMatch(
      /append-only/,
    );
    // Nulling personal data together with another column is no erasure either.
    expect(
      await refusal(sql`UPDATE audit_events SET personal_data = NULL, after = NULL WHERE id = ${row!.id}`),
    ).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM audit_events WHERE id = ${row!.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE audit_events`)).toMatch(/append-only/);
    expect(await eventsOf('ao-1')).toHaveLength(1);
  });

  it("the one erasure path nulls a subject's personal data and nothing else", async () => {
    await recordAudit(ctx.db, {
      actor: { kind: 'visitor' },
      objectType: 'order',
      objectId: 'er-1',
      action: 'paid',
      after: { status: 'reserved', customer_info: [{ key: 'name1', value: 'Hanako' }] },
    });
    const { rows } = await ctx.db.execute<{ erased: number }>(
      sql`SELECT audit_erase_personal_data('order:er-1') AS erased`,
    );
    expect(rows[0]!.erased).toBe(1);
    const [row] = await eventsOf('er-1');
    expect(row!.personal_data).toBeNull();
    expect(row!.after).toEqual({ status: 'reserved', customer_info: '[personal]' });
  });
});

describe('no code path changes audit rows', () => {
  const SRC = fileURLToPath(new URL('../../', import.meta.url));
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
    });
  }

  it('no product source updates, deletes or truncates audit_events', () => {
    const writers = sourceFiles(SRC).filter((path) =>
      /\b(UPDATE\s+(ONLY\s+)?audit_events|DELETE\s+FROM\s+(ONLY\s+)?audit_events|TRUNCATE\b[^;`]*\baudit_events)\b/i.test(
        readFileSync(path, 'utf8'),
      ),
    );
    expect(sourceFiles(SRC).length).toBeGreaterThan(100);
    expect(writers.map((path) => path.slice(SRC.length))).toEqual([]);
  });

  it('the drizzle table of audit_events is never given to update() or delete()', () => {
    const writers = sourceFiles(SRC).filter((path) =>
      /\.(update|delete)\(\s*(schema\.)?auditEvents\b/.test(readFileSync(path, 'utf8')),
    );
    expect(writers).toEqual([]);
  });
});
