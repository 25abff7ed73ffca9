import { sql, type SQL } from 'drizzle-orm';
import type { OrderSearchKind } from '@kippu/contract/console/orders-schemas';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import type { VerifyingSecrets } from '../tickets/ticket-qr.ts';
import { searchCandidates } from './order-search.ts';

const ctx = setupTestApp();
/** Only a ticket's QR payload (K1.…) is verified; these searches name none. */
const NO_SECRETS: VerifyingSecrets = [];

/** The plan of one search statement with sequential scans off: the index it can use, if its conditions allow one. */
async function planOf(statement: SQL): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${statement}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/**
 * The customer indexes leave out orders without details (migration 1198): a search statement that did not
 * state the same condition could not use them and would read every order of the site.
 */
describe('the order search reads customer values from their indexes', () => {
  it.for<[OrderSearchKind, string, RegExp]>([
    ['email', 'someone@example.com', /orders_site_email_idx/],
    ['phone', '090-1234-5678', /orders_site_phone_idx/],
    // Either name index (both leave out orders without details): which one is the planner's choice by size.
    ['name', 'yamada', /orders_(name_trgm|site_name_prefix)_idx/],
  ])('%s', async ([kind, value, index]) => {
    const [candidate] = searchCandidates('BORDERLESS', value, kind, NO_SECRETS);
    expect(candidate?.kind).toBe(kind);
    expect(await planOf(candidate!.ids)).toMatch(index);
  });
});
