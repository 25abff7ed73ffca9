import type { FastifyInstance } from 'fastify';
import { walletPassEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { walletPass } from '../../domain/tickets/wallet-pass.ts';

/** The ticket pages' "Add to Apple Wallet" download, one pass per ticket (ADR 025). */
export async function walletPassRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, walletPassEndpoint, async (request, reply) => {
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
  });
}
