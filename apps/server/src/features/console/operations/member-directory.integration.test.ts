import { beforeAll, describe, expect, it } from 'vitest';
import { consoleMemberListSchema, erasedMemberSchema } from '@kippu/contract/console/operations-members';
import { setupTestApp } from '../../../../test/helper.ts';
import { orderBody, postOrder, productWithSlot } from '../../../../test/order-support.ts';
import { signedIn, twoOrganisations, type ConsoleAs, type Organisations } from './operations-test-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'members');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
});

const query = async (text: string, values: unknown[] = []) => (await ctx.db.$client.query(text, values)).rows;

/** Three ARTIZON members (oldest first), one of them with an order made while signed in. */
async function threeMembers(tag: string) {
  const csv =
    'email,password,name,phone\n' +
    `ayumi.${tag}@example.jp,long-enough,Ayumi Sato ${tag}group,090-1111-2222\n` +
    `ben_${tag}@example.jp,long-enough,Ben Ito ${tag}group,\n` +
    `chika.${tag}@example.jp,long-enough,Chika 100% Mori ${tag}group,\n`;
  expect((await owner.post('/sites/ARTIZON/members/import', { csv })).json()).toMatchObject({ added: 3 });
  const rows = await query(`SELECT id, email FROM members WHERE email LIKE $1 ORDER BY id`, [`%${tag}%`]);
  const slot = await productWithSlot(ctx.db, 10);
  const hold = await postOrder(ctx.app, orderBody(slot, 1));
  const token = (hold.json() as { order_token: string }).order_token;
  await query(`UPDATE orders SET member_id = $1 WHERE order_token = $2`, [rows[0].id, token]);
  return { ids: rows.map((row) => Number(row.id)), orderToken: token };
}

const list = async (as: ConsoleAs, search = '') => {
  const answer = await as.get(`/sites/ARTIZON/members${search}`);
  expect(answer.statusCode).toBe(200);
  return consoleMemberListSchema.parse(answer.json());
};

describe('the member list', () => {
  it('newest first, found by the start of an address or any part of a name, page by page, no password', async () => {
    const { ids } = await threeMembers('list');
    // Not the middle of an address: nobody's starts with `example`, and no name has it.
    expect((await list(owner, '?q=example')).members).toEqual([]);
    const byAddress = await list(owner, `?q=${encodeURIComponent('AYUMI.list')}`);
    expect(byAddress.members.map((m) => m.id)).toEqual([ids[0]]);
    expect(byAddress.members[0]).toMatchObject({
      name: 'Ayumi Sato listgroup',
      phone: '090-1111-2222',
      orders: 1,
    });
    expect(byAddress.members[0]!.last_order_at).not.toBeNull();
    expect(JSON.stringify(byAddress)).not.toMatch(/password|scrypt|long-enough/);
    // LIKE's wildcards are literal: `100%` finds the name with it, `_` is not "any character".
    expect((await list(owner, `?q=${encodeURIComponent('100%')}`)).members.map((m) => m.id)).toEqual([
      ids[2],
    ]);
    expect((await list(owner, `?q=${encodeURIComponent('ben_list')}`)).members.map((m) => m.id)).toEqual([
      ids[1],
    ]);
    expect((await list(owner, `?q=${encodeURIComponent('ben%list')}`)).members).toEqual([]);
    const byName = await list(owner, '?q=ito');
    expect(byName.members.map((m) => m.id)).toContain(ids[1]);

    const first = await list(owner, '?q=LISTGROUP&limit=2');
    expect(first.members.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    const second = await list(owner, `?q=listgroup&limit=2&cursor=${first.next_cursor}`);
    expect(second.members.map((m) => m.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
  });

  it('bad queries are 400 with the error body; roles without settings and other organisations are 404', async () => {
    expect((await owner.get('/sites/ARTIZON/members?limit=0')).statusCode).toBe(400);
    expect((await owner.get('/sites/ARTIZON/members?cursor=abc')).statusCode).toBe(400);
    const gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', 'all');
    expect((await gate.get('/sites/ARTIZON/members')).statusCode).toBe(404);
    const theirs = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    expect((await theirs.get('/sites/ARTIZON/members')).statusCode).toBe(404);
  });
});

describe('erasing a member', () => {
  it('deletes the account, unlinks its orders, audits counts only; then the member is gone', async () => {
    const { ids, orderToken } = await threeMembers('erase');
    const answer = await owner.delete(`/sites/ARTIZON/members/${ids[0]}`);
    expect(answer.statusCode).toBe(200);
    expect(erasedMemberSchema.parse(answer.json())).toEqual({ erased: { orders_unlinked: 1 } });
    expect(await query(`SELECT 1 FROM members WHERE id = $1`, [ids[0]])).toHaveLength(0);
    const [order] = await query(`SELECT member_id FROM orders WHERE order_token = $1`, [orderToken]);
    expect(order.member_id).toBeNull();
    const events = await query(
      `SELECT action, after::text AS after FROM audit_events WHERE object_type = 'member' AND object_id = $1`,
      [String(ids[0])],
    );
    expect(events).toEqual([{ action: 'member_erased', after: '{"orders_unlinked": 1}' }]);
    expect(await query(`SELECT 1 FROM audit_events WHERE after::text LIKE '%ayumi.erase%'`)).toHaveLength(0);
    expect((await list(owner, '?q=ayumi.erase')).members).toEqual([]);
    // The others stay; the erased one is not found again.
    expect((await list(owner, '?q=erasegroup')).members.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect((await owner.delete(`/sites/ARTIZON/members/${ids[0]}`)).json()).toEqual({
      error: 'record not found',
    });
  });

  it('asks for the password again; needs settings write; another site or organisation is 404', async () => {
    const { ids } = await threeMembers('guard');
    const stale = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all', { reauthenticated: false });
    const refused = await stale.delete(`/sites/ARTIZON/members/${ids[1]}`);
    expect(refused.json()).toEqual({ error: 'console reauthentication required' });
    const planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', 'all');
    expect((await planner.delete(`/sites/ARTIZON/members/${ids[1]}`)).statusCode).toBe(404);
    expect((await owner.delete(`/sites/DEMO/members/${ids[1]}`)).statusCode).toBe(404);
    const theirs = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    expect((await theirs.delete(`/sites/ARTIZON/members/${ids[1]}`)).statusCode).toBe(404);
    expect(await query(`SELECT 1 FROM members WHERE id = $1`, [ids[1]])).toHaveLength(1);
  });
});

describe('a site without membership login (ADR 128)', () => {
  const facts = async (as: ConsoleAs) =>
    Object.fromEntries(
      (await as.get('/session'))
        .json<{ sites: { code: string; membershipLogin: boolean; hasMembers: boolean }[] }>()
        .sites.map(({ code, membershipLogin, hasMembers }) => [code, { membershipLogin, hasMembers }]),
    );
  const membershipLogin = (on: boolean) =>
    query(
      `UPDATE sites SET settings = jsonb_set(settings, '{isUseMembershipLogin}', to_jsonb($1::boolean))
       WHERE code = 'DEMO'`,
      [on],
    );

  it('the session says which sites have it and which keep members; list and erasure answer as before', async () => {
    const before = await facts(owner);
    expect(before.ARTIZON!.membershipLogin).toBe(true);
    expect(before.DEMO).toEqual({ membershipLogin: false, hasMembers: false });
    expect(before.MORI).toEqual({ membershipLogin: false, hasMembers: false });
    // Nothing to list, and no error: the console explains it (the import refuses such a site).
    expect((await owner.get('/sites/DEMO/members')).json()).toEqual({
      members: [],
      next_cursor: null,
    });

    // Members imported while the login was on, then the login switched off: they stay, found and erasable.
    await membershipLogin(true);
    const csv = 'email,password,name\nkept.off@example.jp,long-enough,Kept Member\n';
    expect((await owner.post('/sites/DEMO/members/import', { csv })).json()).toMatchObject({ added: 1 });
    await membershipLogin(false);
    expect((await facts(owner)).DEMO).toEqual({ membershipLogin: false, hasMembers: true });
    const kept = consoleMemberListSchema.parse((await owner.get('/sites/DEMO/members')).json()).members;
    expect(kept.map((m) => m.email)).toEqual(['kept.off@example.jp']);
    expect(
      (await owner.post('/sites/DEMO/members/import', { csv: 'email,password,name\n' })).json(),
    ).toMatchObject({ imported: false, file_error: { code: 'membership_login_off', site: 'DEMO' } });
    const erased = await owner.delete(`/sites/DEMO/members/${kept[0]!.id}`);
    expect(erasedMemberSchema.parse(erased.json())).toEqual({ erased: { orders_unlinked: 0 } });
    expect((await facts(owner)).DEMO).toEqual({ membershipLogin: false, hasMembers: false });
  });
});
