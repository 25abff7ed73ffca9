import type { FastifyInstance } from 'fastify';
import { allotmentsEndpoints as endpoints } from '@kippu/contract/console/allotments-endpoints';
import {
  createAllotment,
  deleteAllotment,
  listAllotments,
  updateAllotment,
} from '../../../domain/partners/allotments.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

const READ = { area: 'integrations', level: 'read' } as const;
const WRITE = { area: 'integrations', level: 'write' } as const;

/** The console's allotments (issue 30: capacity of a slot reserved for a partner, returned to general sale at the cut-off), under `/console/api/v1`; each route calls one domain function. */
export async function allotmentsConsoleRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(app, endpoints.consoleListAllotments, READ, async (request) => {
    const { code } = await consoleSite(request, request.params.site, 'integrations', 'read');
    return listAllotments(app.db, code, request.query);
  });
  registerConsoleEndpoint(app, endpoints.consoleCreateAllotment, WRITE, async (request) => {
    const { code } = await consoleSite(request, request.params.site, 'integrations', 'write');
    return { allotment: await createAllotment(app.db, consoleActor(request), code, request.body) };
  });
  registerConsoleEndpoint(app, endpoints.consoleUpdateAllotment, WRITE, async (request) => {
    const { code } = await consoleSite(request, request.params.site, 'integrations', 'write');
    return {
      allotment: await updateAllotment(app.db, consoleActor(request), code, request.params.id, request.body),
    };
  });
  registerConsoleEndpoint(app, endpoints.consoleDeleteAllotment, WRITE, async (request) => {
    const { code } = await consoleSite(request, request.params.site, 'integrations', 'write');
    return { allotment: await deleteAllotment(app.db, consoleActor(request), code, request.params.id) };
  });
}
