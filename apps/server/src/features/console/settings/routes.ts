import type { FastifyInstance } from 'fastify';
import { settingsEndpoints as endpoints } from '@kippu/contract/console/settings-endpoints';
import { permits } from '@kippu/contract';
import { secretKeyring } from '../../../config/secrets-key.ts';
import { createSite } from '../../../domain/settings/create-site.ts';
import { readConsoleSiteSettings } from '../../../domain/settings/settings-document.ts';
import { storeSiteImage } from '../../../domain/settings/site-images.ts';
import { changeSiteSecret, listSiteSecrets } from '../../../domain/settings/site-secret-settings.ts';
import { previewSiteTexts, readSiteTexts, updateSiteTexts } from '../../../domain/settings/site-texts.ts';
import { updateSiteSettings } from '../../../domain/settings/update-site-settings.ts';
import { AppError } from '../../../shared/app-error.ts';
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';
import { reservedSlugs } from './reserved-slugs.ts';

/** An image as base64 (SITE_IMAGE_MAX_BASE64) with room for the JSON around it. */
const IMAGE_BODY_LIMIT = 4 * 1024 * 1024;

/** The console's settings routes (issue 28, ADR 071), under `/console/api/v1`; each calls one domain function. */
export async function settingsConsoleRoutes(app: FastifyInstance): Promise<void> {
  const keys = secretKeyring(app.env);
  const notFound = () => new AppError('record_not_found');
  registerConsoleEndpoint(
    app,
    endpoints.consoleSiteSettings,
    { area: 'settings', level: 'read' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'read');
      return (await readConsoleSiteSettings(app.db, site.code)) ?? Promise.reject(notFound());
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleUpdateSiteSettings,
    { area: 'settings', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'write');
      return updateSiteSettings(app.db, consoleActor(request), site.code, request.body);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleSiteTexts,
    { area: 'settings', level: 'read' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'read');
      return (await readSiteTexts(app.db, site.code)) ?? Promise.reject(notFound());
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleUpdateSiteTexts,
    { area: 'settings', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'write');
      return updateSiteTexts(app.db, consoleActor(request), site.code, {
        expectedVersion: request.body.expected_version,
        changes: request.body.changes,
      });
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consolePreviewSiteTexts,
    // Writes nothing: whoever may read the texts may preview a draft of them.
    { area: 'settings', level: 'read' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'read');
      return previewSiteTexts(app.db, site.code, request.body);
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleUploadSiteImage,
    { area: 'settings', level: 'write' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'write');
      const image = await storeSiteImage(app.db, consoleActor(request), {
        site: site.code,
        purpose: request.body.purpose,
        base64: request.body.data_base64,
      });
      return { purpose: request.body.purpose, image };
    },
    { bodyLimit: IMAGE_BODY_LIMIT },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleSiteSecrets,
    { area: 'settings', level: 'read' },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'read');
      return { secrets: await listSiteSecrets(app.db, site.code) };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleSetSiteSecret,
    // A gateway key moves money: only with the password given within the last minutes.
    { area: 'settings', level: 'write', reauthenticate: true },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'write');
      const secret = await changeSiteSecret(app.db, keys, consoleActor(request), {
        site: site.code,
        name: request.params.name,
        value: request.body.value,
      });
      return { secret };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleDeleteSiteSecret,
    { area: 'settings', level: 'write', reauthenticate: true },
    async (request) => {
      const site = await consoleSite(request, request.params.site, 'settings', 'write');
      const secret = await changeSiteSecret(app.db, keys, consoleActor(request), {
        site: site.code,
        name: request.params.name,
        value: null,
      });
      return { secret };
    },
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateSite,
    { area: 'settings', level: 'write' },
    async (request) => {
      // Owner-like only: settings write on every site of the organisation (ADR 071). Others get 404, as
      // for any route a role does not reach.
      const session = request.consoleSession;
      if (!session?.allSites || !permits(session.permissions.settings, 'write')) throw notFound();
      const site = await createSite(app.db, consoleActor(request), {
        organisationId: session.organisationId,
        from: request.body.from_site,
        code: request.body.code,
        slug: request.body.slug,
        name: request.body.name,
        reservedSlugs: reservedSlugs(request.server),
      });
      return { site };
    },
  );
}
