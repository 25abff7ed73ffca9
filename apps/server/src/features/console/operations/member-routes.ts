import type { FastifyInstance } from 'fastify';
import { operationsEndpoints as endpoints } from '@kippu/contract/console/operations-endpoints';
import { importMembersCsv } from '../../../domain/membership/import-members-csv.ts';
import { lineProblemInEnglish } from '../../../domain/membership/member-import-english.ts';
import { eraseMember, listMembers } from '../../../domain/membership/member-directory.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

/** A member file is up to 2 MB of text (the contract's limit, with room for the JSON around it). */
const BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The site's members (settings area: members are the site's membership login, a setting): the CSV import,
 * the list, and the erasure of one on request (ADR 124), which asks for the password again.
 */
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
        // `message` as before the codes, for clients that read it; the console words `problem`.
        lines: result.lines.map((line) =>
          line.problem ? { ...line, message: lineProblemInEnglish(line.problem, line.email) } : line,
        ),
      };
    },
    { bodyLimit: BODY_LIMIT },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleListMembers,
    { area: 'settings', level: 'read' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'read');
      return listMembers(app.db, site.code, request.query);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleEraseMember,
    { area: 'settings', level: 'write', reauthenticate: true },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'write');
      return eraseMember(app.db, consoleActor(request), site.code, request.params.id);
    },
  );
}
