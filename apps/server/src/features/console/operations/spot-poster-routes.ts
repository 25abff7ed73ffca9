import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationsEndpoints as endpoints } from '@kippu/contract/console/operations-endpoints';
import { createSpotPoster, listSpotPosters, revokeSpotPoster } from '../../../domain/spot/spot-posters.ts';
import { AppError } from '../../../shared/app-error.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

/** Marketing writes the catalogue's coupons only: a poster is not one (issue 27's role table). */
function refuseCouponsOnly(request: FastifyRequest): void {
  if (request.consoleStaff.limits.catalogueCouponsOnly) throw new AppError('record_not_found');
}

/** Spot posters of a site (catalogue area): what `npm run spot-qr` did. */
export function spotPosterRoutes(app: FastifyInstance): void {
  registerConsoleEndpoint(
    app,
    endpoints.consoleListSpotPosters,
    { area: 'catalogue', level: 'read' },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'catalogue', 'read');
      reply.header('cache-control', 'private, no-store');
      return { products: await listSpotPosters(app.db, app.env, site.code) };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateSpotPoster,
    // It mints a token (a link that opens a sale): the password again, as for a gate device's key.
    { area: 'catalogue', level: 'write', reauthenticate: true },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'catalogue', 'write');
      refuseCouponsOnly(request);
      reply.header('cache-control', 'private, no-store');
      const poster = await createSpotPoster(app.db, app.env, consoleActor(request), {
        site: site.code,
        productUuid: request.body.product_uuid,
        ...(request.body.valid_days === undefined ? {} : { validDays: request.body.valid_days }),
      });
      return { product_uuid: request.body.product_uuid, poster };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleRevokeSpotPoster,
    { area: 'catalogue', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'catalogue', 'write');
      refuseCouponsOnly(request);
      await revokeSpotPoster(app.db, consoleActor(request), site.code, request.params.id);
      return { revoked: true as const };
    },
  );
}
