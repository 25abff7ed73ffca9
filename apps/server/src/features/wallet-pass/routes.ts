import type { FastifyInstance } from 'fastify';
import { walletPassEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { sendPrivateDownload } from '../../shared/private-download.ts';
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
    return sendPrivateDownload(reply, 'application/vnd.apple.pkpass', file);
  });
}
