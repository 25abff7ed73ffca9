import { consoleRoute } from './console-route.ts';

/** The console's refunds (issue 29: refunds by ticket, approvals, manual refunds); their schemas are in `refunds-endpoints.ts`. */
export const refundsRoutes = [
  consoleRoute('consoleRefundPreview', 'GET', '/sites/:site/orders/:id/refund-preview'),
  consoleRoute('consoleRefundTickets', 'POST', '/sites/:site/orders/:id/refunds'),
  consoleRoute('consoleCancelTicketsWithoutRefund', 'POST', '/sites/:site/orders/:id/cancellations'),
  consoleRoute('consoleListRefundApprovals', 'GET', '/sites/:site/refund-approvals'),
  consoleRoute('consoleApproveRefund', 'POST', '/sites/:site/refunds/:id/approval'),
  consoleRoute('consoleRejectRefund', 'POST', '/sites/:site/refunds/:id/rejection'),
  consoleRoute('consoleRecordManualRefund', 'POST', '/sites/:site/refunds/:id/manual'),
  consoleRoute('consoleReturnNote', 'GET', '/sites/:site/refunds/:id/return-note'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
