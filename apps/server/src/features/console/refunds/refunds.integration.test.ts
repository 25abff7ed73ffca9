import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  refundApprovalsResponseSchema,
  refundPreviewResponseSchema,
  refundSummarySchema,
} from '@kippu/contract/console/refunds-schemas';
import { setupTestApp } from '../../../../test/helper.ts';
import { paidOrder } from '../../../domain/refunds/refund-test-support.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';

/** The console's refund routes (issue 29, ADR 076): permissions per role, the approval rule, the audit. */
const ctx = setupTestApp();
let orgs: Organisations;
let boxOffice: ConsoleAs;
let finance: ConsoleAs;

const notFound = { error: 'record not found' };
const key = () => randomBytes(12).toString('base64url');
const body = (patch: Record<string, unknown> = {}) => ({
  ticket_ids: 'all',
  reason: 'visitor_sick',
  idempotency_key: key(),
  ...patch,
});

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'refunds');
  await ctx.db.$client.query(`UPDATE organisations SET refund_limit_yen = 1500 WHERE id = $1`, [orgs.a]);
  boxOffice = await signedIn(ctx.app, ctx.db, orgs.a, 'boxOffice', 'all');
  finance = await signedIn(ctx.app, ctx.db, orgs.a, 'finance', 'all');
});

describe('console refunds', () => {
  it('previews each ticket with its money and the caller limit', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 3, coupon: { type: 'fixed', value: 1000 } });
    const res = await boxOffice.get(`/sites/DEMO/orders/${order.id}/refund-preview`);
    expect(res.statusCode, res.body).toBe(200);
    const preview = refundPreviewResponseSchema.parse(res.json());
    expect(preview).toMatchObject({ paid: 2000, refunded: 0, remaining: 2000, approval_limit_yen: 1500 });
    expect(preview.tickets.map((ticket) => ticket.amount)).toEqual([666, 666, 668]);
    // Every role meets the limit (review finding 5), finance too.
    const own = await finance.get(`/sites/DEMO/orders/${order.id}/refund-preview`);
    expect(own.json()).toMatchObject({ approval_limit_yen: 1500 });
  });

  it('gate and planner get 404 on every refund route; another organisation too', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    for (const template of ['gate', 'planner'] as const) {
      const as = await signedIn(ctx.app, ctx.db, orgs.a, template, 'all');
      expect((await as.get(`/sites/DEMO/orders/${order.id}/refund-preview`)).json()).toEqual(notFound);
      expect((await as.post(`/sites/DEMO/orders/${order.id}/refunds`, body())).statusCode).toBe(404);
      expect((await as.post(`/sites/DEMO/orders/${order.id}/cancellations`, body())).statusCode).toBe(404);
      expect((await as.get(`/sites/DEMO/refund-approvals`)).statusCode).toBe(404);
      expect((await as.post(`/sites/DEMO/refunds/1/approval`, {})).statusCode).toBe(404);
    }
    const stranger = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    expect((await stranger.get(`/sites/DEMO/orders/${order.id}/refund-preview`)).statusCode).toBe(404);
    // The order is of DEMO: named under another site of the organisation, it is not found.
    const owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
    expect((await owner.get(`/sites/ARTIZON/orders/${order.id}/refund-preview`)).json()).toEqual(notFound);
  });

  it('asks for the password again before money leaves', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const stale = await signedIn(ctx.app, ctx.db, orgs.a, 'finance', 'all', { reauthenticated: false });
    const res = await stale.post(`/sites/DEMO/orders/${order.id}/refunds`, body());
    expect(res.statusCode).toBe(401);
  });

  it('finance above the limit waits too; another finance member or the owner approves, not the requester', async () => {
    const big = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const waiting = await finance.post(`/sites/DEMO/orders/${big.id}/refunds`, body());
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ status: 'awaiting_approval', amount: 2000 });
    const refundId = waiting.json<{ refund_id: number }>().refund_id;
    const self = await finance.post(`/sites/DEMO/refunds/${refundId}/approval`, {});
    expect(self.json()).toEqual({ error: 'console refund needs other approver' });
    const owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
    const approved = await owner.post(`/sites/DEMO/refunds/${refundId}/approval`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'succeeded', amount: 2000 });
  });

  it('refunding one ticket at a time does not dodge the limit: what staff refunded on the order counts', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const preview = refundPreviewResponseSchema.parse(
      (await boxOffice.get(`/sites/DEMO/orders/${order.id}/refund-preview`)).json(),
    );
    const [one, two] = preview.tickets;
    const first = await boxOffice.post(
      `/sites/DEMO/orders/${order.id}/refunds`,
      body({ ticket_ids: [one!.id] }),
    );
    expect(first.json()).toMatchObject({ status: 'succeeded', amount: 1000 });
    // ¥500 of the limit is left for staff on this order: the dialog's preview says so.
    const after = (await boxOffice.get(`/sites/DEMO/orders/${order.id}/refund-preview`)).json();
    expect(after).toMatchObject({ approval_limit_yen: 500 });
    const second = await boxOffice.post(
      `/sites/DEMO/orders/${order.id}/refunds`,
      body({ ticket_ids: [two!.id] }),
    );
    expect(second.json()).toMatchObject({ status: 'awaiting_approval', amount: 1000 });
  });

  it('box office refunds up to the limit at once, waits above it and cannot approve; finance approves', async () => {
    const small = await paidOrder(ctx.app, ctx.db, { quantity: 1 });
    const done = await boxOffice.post(`/sites/DEMO/orders/${small.id}/refunds`, body());
    expect(done.statusCode, done.body).toBe(200);
    expect(refundSummarySchema.parse(done.json())).toMatchObject({ status: 'succeeded', amount: 1000 });

    const big = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    const sent = body();
    const waiting = await boxOffice.post(`/sites/DEMO/orders/${big.id}/refunds`, sent);
    expect(waiting.json()).toMatchObject({
      status: 'awaiting_approval',
      amount: 2000,
      return_note_number: null,
    });
    // The same dialog's second click answers the same refund.
    const again = await boxOffice.post(`/sites/DEMO/orders/${big.id}/refunds`, sent);
    expect(again.json()).toEqual(waiting.json());
    const refundId = waiting.json<{ refund_id: number }>().refund_id;

    const list = refundApprovalsResponseSchema.parse(
      (await finance.get('/sites/DEMO/refund-approvals')).json(),
    );
    expect(list.refunds.find((refund) => refund.id === refundId)).toMatchObject({
      own: false,
      limit_yen: 1500,
    });
    const mine = refundApprovalsResponseSchema.parse(
      (await boxOffice.get('/sites/DEMO/refund-approvals')).json(),
    );
    expect(mine.refunds.find((refund) => refund.id === refundId)).toMatchObject({ own: true });

    const otherBoxOffice = await signedIn(ctx.app, ctx.db, orgs.a, 'boxOffice', 'all');
    for (const as of [boxOffice, otherBoxOffice]) {
      const refused = await as.post(`/sites/DEMO/refunds/${refundId}/approval`, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'console refund needs other approver' });
    }
    const approved = await finance.post(`/sites/DEMO/refunds/${refundId}/approval`, { note: 'ok' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'succeeded', amount: 2000 });
    expect(approved.json<{ return_note_number: string }>().return_note_number).toMatch(/^HDEMO-/);
    const note = await finance.get(`/sites/DEMO/refunds/${refundId}/return-note?lang=ja`);
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json()).toMatchObject({
      note_number: approved.json<{ return_note_number: string }>().return_note_number,
      amount: 2000,
      lang: 'ja',
    });
    const gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', 'all');
    expect((await gate.get(`/sites/DEMO/refunds/${refundId}/return-note?lang=ja`)).statusCode).toBe(404);

    const { rows } = await ctx.db.$client.query(
      `SELECT action, actor_staff_id FROM audit_events WHERE object_type = 'refund' AND object_id = $1 ORDER BY id`,
      [String(refundId)],
    );
    expect(rows.map((row) => [row.action, Number(row.actor_staff_id)])).toContainEqual([
      'refund_approved',
      finance.staffId,
    ]);
  });

  it('cancels without money with orders write (box office), not with refunds alone (finance)', async () => {
    const order = await paidOrder(ctx.app, ctx.db, { quantity: 2 });
    expect((await finance.post(`/sites/DEMO/orders/${order.id}/cancellations`, body())).statusCode).toBe(404);
    const res = await boxOffice.post(`/sites/DEMO/orders/${order.id}/cancellations`, body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'none', amount: 0 });
    const { rows } = await ctx.db.$client.query(
      `SELECT action FROM audit_events WHERE object_type = 'order' AND object_id = $1`,
      [String(order.id)],
    );
    expect(rows.map((row) => row.action)).toContain('tickets_cancelled');
  });
});
