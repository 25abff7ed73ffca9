import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refundsEndpoints as endpoints } from '@kippu/contract/console/refunds-endpoints';
import {
  refundsAwaitingApproval,
  approveRefund,
  rejectRefund,
  type RefundDecision,
} from '../../../domain/refunds/refund-approvals.ts';
import { recordManualRefund } from '../../../domain/refunds/manual-refund.ts';
import { returnNoteOfRefund } from '../../../domain/refunds/return-note-document.ts';
import {
  refundAnswer,
  refundPreview,
  staffCancelTickets,
  type RefundStaff,
} from '../../../domain/refunds/console-refunds.ts';
import {
  consoleActor,
  consoleSite,
  registerConsoleEndpoint,
  type ConsoleStaff,
} from '../console-endpoint.ts';

const READ = { area: 'refunds', level: 'read' } as const;
/** Money leaves the organisation: the password again within 5 minutes (ADR 064). */
const WRITE = { area: 'refunds', level: 'write', reauthenticate: true } as const;
/** A cancel without money is an order change: the orders area. */
const ORDERS_WRITE = { area: 'orders', level: 'write' } as const;

type CancelBody = Parameters<typeof staffCancelTickets>[2]['body'];

const staffOf = (request: FastifyRequest) => request.consoleStaff as ConsoleStaff;

function refundStaff(request: FastifyRequest): RefundStaff {
  const staff = staffOf(request);
  return {
    actor: consoleActor(request),
    organisationId: staff.organisationId,
    limited: staff.limits.refundsUpToOrganisationLimit === true,
  };
}

/** The approver of a decision: a staff actor with their id, and whether their role is limited. */
function approver(request: FastifyRequest) {
  const staff = staffOf(request);
  return {
    actor: { ...consoleActor(request), kind: 'staff' as const, staffId: staff.staffId },
    limited: staff.limits.refundsUpToOrganisationLimit === true,
  };
}

/** The console's refunds (issue 29, ADR 076), under `/console/api/v1`; each route calls one domain function. */
export async function refundsConsoleRoutes(app: FastifyInstance): Promise<void> {
  const deps = { payments: app.payments, env: app.env };

  registerConsoleEndpoint(app, endpoints.consoleRefundPreview, READ, async (request) => {
    const { code } = await consoleSite(request, request.params.site, 'refunds', 'read');
    return refundPreview(app.db, code, request.params.id, refundStaff(request));
  });
  /** Cancels the order's tickets with or without their money: the same call, checked in the area it belongs to. */
  const cancelTickets = async (
    request: FastifyRequest,
    params: { site: string; id: number },
    body: CancelBody,
    money: 'refund' | 'none',
  ) => {
    const { code } = await consoleSite(
      request,
      params.site,
      money === 'refund' ? 'refunds' : 'orders',
      'write',
    );
    return staffCancelTickets(app.db, deps, {
      site: code,
      orderId: params.id,
      staff: refundStaff(request),
      money,
      body,
    });
  };
  registerConsoleEndpoint(app, endpoints.consoleRefundTickets, WRITE, (request) =>
    cancelTickets(request, request.params, request.body, 'refund'),
  );
  registerConsoleEndpoint(app, endpoints.consoleCancelTicketsWithoutRefund, ORDERS_WRITE, (request) =>
    cancelTickets(request, request.params, request.body, 'none'),
  );
  registerConsoleEndpoint(app, endpoints.consoleListRefundApprovals, READ, async (request) => {
    const { code } = await consoleSite(request, request.params.site, 'refunds', 'read');
    const own = staffOf(request).staffId;
    const waiting = await refundsAwaitingApproval(app.db, code);
    return {
      refunds: waiting.map((refund) => ({
        id: refund.refundId,
        order_id: refund.orderId,
        reservation_number: refund.reservationNumber,
        amount: refund.amount,
        ticket_ids: refund.ticketIds,
        reason: refund.reason,
        requested_by: refund.requestedBy,
        requested_at: refund.requestedAt.toISOString(),
        limit_yen: refund.limitYen,
        own: refund.requestedByStaffId === own,
      })),
    };
  });
  /** A decision on a waiting refund (approve or reject) by the staff member asking, after the site check. */
  const decisionOn = async (
    request: FastifyRequest,
    params: { site: string; id: number },
    note: RefundDecision['note'],
  ) => {
    const { code } = await consoleSite(request, params.site, 'refunds', 'write');
    return { site: code, refundId: params.id, approver: approver(request), note };
  };
  registerConsoleEndpoint(app, endpoints.consoleApproveRefund, WRITE, async (request) => {
    const decision = await decisionOn(request, request.params, request.body.note);
    return refundAnswer(await approveRefund(app.db, deps, decision));
  });
  registerConsoleEndpoint(app, endpoints.consoleRejectRefund, WRITE, async (request) => {
    const decision = await decisionOn(request, request.params, request.body.note);
    return refundAnswer(await rejectRefund(app.db, decision));
  });
  registerConsoleEndpoint(app, endpoints.consoleRecordManualRefund, WRITE, async (request) => {
    const { code } = await consoleSite(request, request.params.site, 'refunds', 'write');
    const actor = approver(request).actor;
    return refundAnswer(
      await recordManualRefund(app.db, {
        site: code,
        refundId: request.params.id,
        actor,
        note: request.body.note,
      }),
    );
  });
  registerConsoleEndpoint(app, endpoints.consoleReturnNote, READ, async (request) => {
    const { code } = await consoleSite(request, request.params.site, 'refunds', 'read');
    return returnNoteOfRefund(app.db, code, request.params.id, request.query.lang);
  });
}
