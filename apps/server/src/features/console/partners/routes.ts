import type { FastifyInstance, FastifyRequest } from 'fastify';
import { partnersEndpoints as endpoints } from '@kippu/contract/console/partners-endpoints';
import { listPartners, partnerDetail } from '../../../domain/partners/partner-detail.ts';
import { createPartner, updatePartner } from '../../../domain/partners/save-partner.ts';
import { consoleActor, registerConsoleEndpoint, type ConsoleStaff } from '../console-endpoint.ts';

const READ = { area: 'integrations', level: 'read' } as const;
const WRITE = { area: 'integrations', level: 'write' } as const;

const staffOf = (request: FastifyRequest) => request.consoleStaff as ConsoleStaff;
const organisationOf = (request: FastifyRequest) => staffOf(request).organisationId;

/** The console's partners (issue 30, ADR 088), under `/console/api/v1`; each route calls one domain function. */
export async function partnersConsoleRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(app, endpoints.consoleListPartners, READ, async (request) => ({
    partners: await listPartners(app.db, organisationOf(request)),
  }));
  registerConsoleEndpoint(app, endpoints.consolePartner, READ, async (request) =>
    partnerDetail(app.db, staffOf(request), request.params.id),
  );
  registerConsoleEndpoint(app, endpoints.consoleCreatePartner, WRITE, async (request) => {
    const organisationId = organisationOf(request);
    const id = await createPartner(app.db, organisationId, consoleActor(request), request.body);
    return partnerDetail(app.db, staffOf(request), id);
  });
  registerConsoleEndpoint(app, endpoints.consoleUpdatePartner, WRITE, async (request) => {
    const organisationId = organisationOf(request);
    await updatePartner(app.db, organisationId, consoleActor(request), request.params.id, request.body);
    return partnerDetail(app.db, staffOf(request), request.params.id);
  });
}
