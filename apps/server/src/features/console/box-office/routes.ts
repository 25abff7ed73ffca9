import type { FastifyInstance } from 'fastify';
import { boxOfficeEndpoints as endpoints } from '@kippu/contract/console/box-office-endpoints';
import { boxOfficeProducts } from '../../../domain/box-office/box-office-products.ts';
import { sellAtCounter, type BoxOfficeDeps } from '../../../domain/box-office/box-office-sale.ts';
import {
  listKioskDevices,
  pairKioskAgain,
  registerKioskDevice,
  revokeKioskDevice,
} from '../../../domain/box-office/kiosk-devices.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

/** The console's box office and kiosk devices (issue 29: selling at the counter), under `/console/api/v1`; each route calls one domain function. */
export async function boxOfficeConsoleRoutes(app: FastifyInstance): Promise<void> {
  const deps: BoxOfficeDeps = { orders: app.orderDeps, checkout: app.checkoutDeps, env: app.env };

  registerConsoleEndpoint(
    app,
    endpoints.consoleBoxOfficeProducts,
    { area: 'orders', level: 'read' },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'orders', 'read');
      reply.header('cache-control', 'private, no-store');
      return boxOfficeProducts(app.db, site.code, request.query.date, request.query.lang);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleBoxOfficeSale,
    { area: 'orders', level: 'write' },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'orders', 'write');
      reply.header('cache-control', 'private, no-store');
      return sellAtCounter(deps, consoleActor(request), site.code, request.body);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleListKioskDevices,
    { area: 'orders', level: 'read' },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'orders', 'read');
      reply.header('cache-control', 'private, no-store');
      return { devices: await listKioskDevices(app.db, site.code) };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateKioskDevice,
    // A kiosk sells in the site's name: registered only with the password given within the last minutes.
    { area: 'orders', level: 'write', reauthenticate: true },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'orders', 'write');
      reply.header('cache-control', 'private, no-store');
      return registerKioskDevice(app.db, app.env, consoleActor(request), site.code, request.body.name);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consolePairKioskDevice,
    { area: 'orders', level: 'write', reauthenticate: true },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'orders', 'write');
      reply.header('cache-control', 'private, no-store');
      return pairKioskAgain(app.db, app.env, consoleActor(request), site.code, request.params.id);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleRevokeKioskDevice,
    { area: 'orders', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'orders', 'write');
      await revokeKioskDevice(app.db, consoleActor(request), site.code, request.params.id);
      return { revoked: true as const };
    },
  );
}
