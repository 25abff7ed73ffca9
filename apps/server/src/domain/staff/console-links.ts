import { sql } from 'drizzle-orm';
import type { Env } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { publicOrigin } from '../links.ts';

export type ConsoleLinkEnv = Pick<Env, 'CONSOLE_ORIGIN' | 'PUBLIC_URL' | 'PORT'>;

/** Where the console is: CONSOLE_ORIGIN when it has its own origin, else the server's public origin. */
export function consoleOrigin(env: ConsoleLinkEnv): string {
  return (env.CONSOLE_ORIGIN ?? publicOrigin(env)).replace(/\/+$/, '');
}

/** A console screen (hash routes, like the visitor SPA): `${origin}/console/#${hashPath}`. */
export function consoleUrl(env: ConsoleLinkEnv, hashPath: string): string {
  return `${consoleOrigin(env)}/console/#${hashPath.startsWith('/') ? hashPath : `/${hashPath}`}`;
}

export const invitationPath = (token: string) => `/invitation/${token}`;
export const resetPath = (token: string) => `/reset/${token}`;

/**
 * The site a staff mail is filed under in the outbox, which keys every mail by site: the organisation's
 * first site, else the install's first. Null when there is no site at all (the link is then only shown).
 */
export async function mailSiteFor(tx: Tx | Db, organisationId: number | null): Promise<string | null> {
  const { rows } = await tx.execute<{ code: string }>(sql`
    SELECT code FROM sites
    ORDER BY (organisation_id = ${organisationId ?? null}::bigint) IS TRUE DESC, position, code LIMIT 1`);
  return rows[0]?.code ?? null;
}
