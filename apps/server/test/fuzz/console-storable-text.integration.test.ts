import { describe, expect, it } from 'vitest';
import { CONSOLE_API_PATH } from '@kippu/contract';
import { setupTestApp } from '../helper.ts';
import { OWNER_TOTP_SECRET, prepareMember, signInConsole } from './console-fuzz-sessions.ts';
import { validValue, type JsonSchema } from './fuzz-requests.ts';
import { routesOf } from './route-table.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * Every text field of every console body, signed in as an owner (so the body reaches the handler), with a NUL
 * and with an unpaired surrogate: PostgreSQL stores neither, so a schema that lets them through answers 500
 * (the contract's `storableText()` refuses them as 400). The seeded fuzz suite meets these values by chance;
 * this walks every field once.
 */
const ctx = setupTestApp();
const ORIGIN = 'http://localhost:80';
const OWN_SITE = 'DEMO';
const UNSTORABLE = ['a\u0000b', 'x\ud800y'];

type Path = (string | number)[];

/** The paths of every string in a JSON value. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

function withValue(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

describe('console bodies with text the database cannot store', () => {
  it('answers every NUL and unpaired surrogate in a text field with a 4xx, never a 5xx', async () => {
    const owner = await prepareMember(ctx.db, OWN_SITE, {
      email: 'storable-owner@demo.kippu.test',
      template: 'owner',
      sites: 'all',
      password: 'owner member passphrase 2026',
      totpSecret: OWNER_TOTP_SECRET,
    });
    const client = await signInConsole(
      ctx.app,
      ctx.db,
      { ...owner, totpSecret: OWNER_TOTP_SECRET },
      ORIGIN,
      '10.9.0.1',
    );
    // Objects of the owner's organisation for the routes on an id (a role to rename, a member to move).
    const { rows } = await ctx.db.$client.query<{ role: string; member: string }>(
      `SELECT (SELECT id FROM staff_roles r WHERE r.template_key = 'planner'
                 AND r.organisation_id = (SELECT organisation_id FROM sites WHERE code = $1)) AS role,
              (SELECT id FROM staff WHERE email = 'planner@demo.kippu.test') AS member`,
      [OWN_SITE],
    );
    const ids = { role: rows[0]?.role ?? '999999999', member: rows[0]?.member ?? '999999999' };
    const doc = ctx.app.swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>
      >;
    };
    const random = seededRandom(1);
    const known = {
      site: () => OWN_SITE,
      siteCodes: () => [OWN_SITE],
      email: () => `storable-${random.below(1_000_000)}@example.test`,
      id: () => '999999999',
      token: () => 'a'.repeat(43),
      lang: () => 'en',
    };
    const report: string[] = [];
    let probed = 0;
    const routes = routesOf(ctx.app).filter((route) => route.url.startsWith(`${CONSOLE_API_PATH}/`));
    for (const route of routes) {
      const schema =
        doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]?.requestBody?.content?.[
          'application/json'
        ]?.schema;
      if (!schema) continue;
      const baseline = validValue(schema, '', known, random);
      const id = route.url.includes('/roles/') ? ids.role : ids.member;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
        name === 'id' ? id : String(known[name as keyof typeof known]?.() ?? 'x'),
      );
      for (const path of stringPaths(baseline)) {
        for (const bad of UNSTORABLE) {
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: client.headers,
            remoteAddress: `10.9.1.${(probed % 250) + 1}`,
            payload: withValue(baseline, path, bad) as Record<string, unknown>,
          });
          probed += 1;
          if (res.statusCode >= 500)
            report.push(
              `${route.method} ${route.url} ${path.join('.')} = ${JSON.stringify(bad)}: ${res.statusCode}`,
            );
        }
      }
    }
    expect(probed).toBeGreaterThan(10);
    expect(report).toEqual([]);
  }, 120_000);
});
