import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { walletPassParamsSchema, walletPassQuerySchema } from '@kippu/contract';
import { walletPass } from '../../domain/tickets/wallet-pass.ts';

/** The ticket pages' "Add to Apple Wallet" download, one pass per ticket (ADR 025). */
export async function walletPassRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reservations/:id/tickets/:ticketId/wallet.pkpass',
    { schema: { params: walletPassParamsSchema, querystring: walletPassQuerySchema } },
    async (request, reply) => {
      const file = await walletPass(
        app.db,
        app.env,
        request.site,
        request.params.id,
        request.params.ticketId,
        request.query.lang,
      );
      // The barcode admits a person: never kept by a shared cache.
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'application/vnd.apple.pkpass')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  );
}
