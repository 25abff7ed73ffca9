import { defineEndpoint } from '../endpoint.ts';
import { consoleSiteParamsSchema } from './operations-devices.ts';
import {
  consoleSiteSecretParamsSchema,
  consoleSiteSettingsSchema,
  createSiteBodySchema,
  createdSiteSchema,
  previewSiteTextsBodySchema,
  setSiteSecretBodySchema,
  siteSecretChangedSchema,
  siteSecretListSchema,
  siteTextPreviewSchema,
  siteTextsSchema,
  updateSiteSettingsBodySchema,
  updateSiteTextsBodySchema,
  uploadSiteImageBodySchema,
  uploadedSiteImageSchema,
} from './settings-schemas.ts';

/** The console's settings endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS` (issue 28). */
export const settingsEndpoints = {
  /** Everything editable of a site with its version (permission: settings read). */
  consoleSiteSettings: defineEndpoint('consoleSiteSettings', {
    params: consoleSiteParamsSchema,
    responses: { 200: consoleSiteSettingsSchema },
  }),
  /** A full or partial write (settings write); answers the new document and version. */
  consoleUpdateSiteSettings: defineEndpoint('consoleUpdateSiteSettings', {
    params: consoleSiteParamsSchema,
    body: updateSiteSettingsBodySchema,
    responses: { 200: consoleSiteSettingsSchema },
  }),
  consoleSiteTexts: defineEndpoint('consoleSiteTexts', {
    params: consoleSiteParamsSchema,
    responses: { 200: siteTextsSchema },
  }),
  consoleUpdateSiteTexts: defineEndpoint('consoleUpdateSiteTexts', {
    params: consoleSiteParamsSchema,
    body: updateSiteTextsBodySchema,
    responses: { 200: siteTextsSchema },
  }),
  /** Renders a document with unsaved changes; writes nothing (settings read). */
  consolePreviewSiteTexts: defineEndpoint('consolePreviewSiteTexts', {
    params: consoleSiteParamsSchema,
    body: previewSiteTextsBodySchema,
    responses: { 200: siteTextPreviewSchema },
  }),
  /** Stores an image (settings write); put its URL into the settings document with a settings write. */
  consoleUploadSiteImage: defineEndpoint('consoleUploadSiteImage', {
    params: consoleSiteParamsSchema,
    body: uploadSiteImageBodySchema,
    responses: { 200: uploadedSiteImageSchema },
  }),
  consoleSiteSecrets: defineEndpoint('consoleSiteSecrets', {
    params: consoleSiteParamsSchema,
    responses: { 200: siteSecretListSchema },
  }),
  /** Sets a secret (settings write and re-authentication); the value is never answered. */
  consoleSetSiteSecret: defineEndpoint('consoleSetSiteSecret', {
    params: consoleSiteSecretParamsSchema,
    body: setSiteSecretBodySchema,
    responses: { 200: siteSecretChangedSchema },
  }),
  /** Removes a secret (settings write and re-authentication). */
  consoleDeleteSiteSecret: defineEndpoint('consoleDeleteSiteSecret', {
    params: consoleSiteSecretParamsSchema,
    responses: { 200: siteSecretChangedSchema },
  }),
  /** A new site copied from one of the organisation's sites (owner-like roles: settings write on all sites). */
  consoleCreateSite: defineEndpoint('consoleCreateSite', {
    body: createSiteBodySchema,
    responses: { 200: createdSiteSchema },
  }),
} as const;
