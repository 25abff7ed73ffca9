import type { FastifyInstance } from 'fastify';
import { operationsEndpoints as endpoints } from '@kippu/contract/console/operations-endpoints';
import { importMembersCsv } from '../../../domain/membership/import-members-csv.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

/** A member file is up to 2 MB of text (the contract's limit, with room for the JSON around it). */
const BODY_LIMIT = 3 * 1024 * 1024;

/** The member CSV of a site (settings area: members are the site's membership login, a setting). */
export function memberRoutes(app: FastifyInstance): void {
  registerConsoleEndpoint(
    app,
    endpoints.consoleImportMembers,
    { area: 'settings', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'write');
      const result = await importMembersCsv(app.db, consoleActor(request), {
        site: site.code,
        csv: request.body.csv,
        update: request.body.update,
      });
      return {
        imported: result.imported,
        file_error: result.fileError,
        added: result.added,
        updated: result.updated,
        unchanged: result.unchanged,
        lines: result.lines,
      };
    },
    { bodyLimit: BODY_LIMIT },
  );
}
