import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { langCodeSchema } from '../enum-schemas.ts';
import { returnNoteResponseSchema } from '../endpoints/return-notes.ts';
import { consoleSiteParamsSchema } from './operations-devices.ts';
import {
  cancelTicketsBodySchema,
  manualRefundBodySchema,
  refundApprovalsResponseSchema,
  refundDecisionBodySchema,
  refundOrderParamsSchema,
  refundParamsSchema,
  refundPreviewResponseSchema,
  refundSummarySchema,
} from './refunds-schemas.ts';

/**
 * The console's refunds (issue 29, ADR 076) endpoints by route name (`defineEndpoint`), merged into
 * `ENDPOINTS`. Area `refunds`: read for the preview and the approvals list; write with the password again
 * for a refund, an approval, a rejection and a manual record. A cancel without money is area `orders` write.
 */
export const refundsEndpoints = {
  consoleRefundPreview: defineEndpoint('consoleRefundPreview', {
    params: refundOrderParamsSchema,
    responses: { 200: refundPreviewResponseSchema },
  }),
  consoleRefundTickets: defineEndpoint('consoleRefundTickets', {
    params: refundOrderParamsSchema,
    body: cancelTicketsBodySchema,
    responses: { 200: refundSummarySchema },
  }),
  consoleCancelTicketsWithoutRefund: defineEndpoint('consoleCancelTicketsWithoutRefund', {
    params: refundOrderParamsSchema,
    body: cancelTicketsBodySchema,
    responses: { 200: refundSummarySchema },
  }),
  consoleListRefundApprovals: defineEndpoint('consoleListRefundApprovals', {
    params: consoleSiteParamsSchema,
    responses: { 200: refundApprovalsResponseSchema },
  }),
  consoleApproveRefund: defineEndpoint('consoleApproveRefund', {
    params: refundParamsSchema,
    body: refundDecisionBodySchema,
    responses: { 200: refundSummarySchema },
  }),
  consoleRejectRefund: defineEndpoint('consoleRejectRefund', {
    params: refundParamsSchema,
    body: refundDecisionBodySchema,
    responses: { 200: refundSummarySchema },
  }),
  consoleRecordManualRefund: defineEndpoint('consoleRecordManualRefund', {
    params: refundParamsSchema,
    body: manualRefundBodySchema,
    responses: { 200: refundSummarySchema },
  }),
  /** The refund's return note as the visitor has it, in `lang` (the staff member's): refunds read. */
  consoleReturnNote: defineEndpoint('consoleReturnNote', {
    params: refundParamsSchema,
    // `lang` may be left out (Japanese, the issuer's): a console route answers a missing query with the
    // site check's 404 first, as every other console read, never a 400 that says the refund exists elsewhere.
    query: z.object({ lang: langCodeSchema.default('ja') }),
    responses: { 200: returnNoteResponseSchema },
  }),
} as const;
