import type { FastifyInstance } from 'fastify';
import { scheduleEndpoints as endpoints } from '@kippu/contract/console/schedule-endpoints';
import { bulkEditSlots } from '../../../domain/schedule/bulk-edit-slots.ts';
import { closeDay } from '../../../domain/schedule/close-day.ts';
import { createSlot, updateSlot } from '../../../domain/schedule/edit-slot.ts';
import { generateSlots } from '../../../domain/schedule/generate-slots.ts';
import { readHeatmap } from '../../../domain/schedule/heatmap.ts';
import { japaneseHolidays } from '../../../domain/schedule/holidays.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

/** The console's schedule routes (issue 28, ADR 069), under `/console/api/v1`; each calls one domain function. */
export async function scheduleConsoleRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(
    app,
    endpoints.consoleScheduleHeatmap,
    { area: 'schedule', level: 'read' },
    async (request, reply) => {
      const site = await consoleSite(request, request.params.site, 'schedule', 'read');
      reply.header('cache-control', 'private, no-store');
      const { from, to, product } = request.query;
      return readHeatmap(app.db, site.code, {
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        ...(product ? { productUuid: product } : {}),
      });
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateSlot,
    { area: 'schedule', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'schedule', 'write');
      return { slot: await createSlot(app.db, consoleActor(request), site.code, request.body) };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleUpdateSlot,
    { area: 'schedule', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'schedule', 'write');
      const slot = await updateSlot(
        app.db,
        app.env,
        consoleActor(request),
        site.code,
        request.params.id,
        request.body,
      );
      return { slot };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleGenerateSlots,
    { area: 'schedule', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'schedule', 'write');
      return generateSlots(app.db, consoleActor(request), site.code, request.body);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleBulkEditSlots,
    { area: 'schedule', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'schedule', 'write');
      return bulkEditSlots(app.db, app.env, consoleActor(request), site.code, request.body);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCloseDay,
    { area: 'schedule', level: 'write' },
    async (request) => {
      // Every chosen site must be one the membership covers with schedule write (else 404, nothing closed).
      const sites = [];
      for (const code of request.body.sites)
        sites.push((await consoleSite(request, code, 'schedule', 'write')).code);
      return closeDay(app.db, consoleActor(request), sites, request.body.date, request.body.preview);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleHolidays,
    { area: 'schedule', level: 'read' },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return { holidays: japaneseHolidays(request.query.from, request.query.to) };
    },
  );
}
