import type { FastifyInstance } from 'fastify';
import { operationsEndpoints as endpoints } from '@kippu/contract/console/operations-endpoints';
import {
  listGateDevices,
  registerGateDevice,
  revokeGateDevice,
} from '../../../domain/check-ins/gate-devices.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

/** Gate devices of a site (check-in area): what `npm run gate-key` did. */
export function gateDeviceRoutes(app: FastifyInstance): void {
  registerConsoleEndpoint(
    app,
    endpoints.consoleListGateDevices,
    { area: 'checkIn', level: 'read' },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'checkIn', 'read');
      reply.header('cache-control', 'private, no-store');
      return { devices: await listGateDevices(app.db, site.code) };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateGateDevice,
    // A device key opens the gate: created only with the password given within the last minutes.
    { area: 'checkIn', level: 'write', reauthenticate: true },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'checkIn', 'write');
      reply.header('cache-control', 'private, no-store');
      return registerGateDevice(app.db, consoleActor(request), site.code, request.body.name);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleRevokeGateDevice,
    { area: 'checkIn', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'checkIn', 'write');
      await revokeGateDevice(app.db, consoleActor(request), site.code, request.params.id);
      return { revoked: true as const };
    },
  );
}
