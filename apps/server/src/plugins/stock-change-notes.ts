import type { FastifyInstance } from 'fastify';
import { noteStockChange } from '../domain/stock/stock-changes.ts';

/**
 * A write that went through this process may have moved stock in a transaction that has now ended: noted
 * again after its commit (a release notes it inside its transaction too), so the hold never refuses on a
 * slot's last stock as read before it (hold-stock.ts). A refused write changed nothing and notes nothing: a
 * flood of refused holds must not void those refusals.
 */
export function registerStockChangeNotes(api: FastifyInstance): void {
  api.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (reply.statusCode < 400) noteStockChange();
  });
}
