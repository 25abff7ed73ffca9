import { describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '@kippu/contract';
import { SITE_DEFINITIONS } from './data/site-definitions.ts';
import { buildSiteSettings } from './site-settings.ts';

describe('the demo seed under the checked settings URLs (review finding 20)', () => {
  it('every demo site’s fingerprint script and app-download image still parse', () => {
    for (const def of SITE_DEFINITIONS) {
      const settings = buildSiteSettings(def);
      expect(siteSettingsSchema.shape.payment.parse(settings.payment)).toEqual(settings.payment);
      expect(siteSettingsSchema.shape.appDownloadModalImage.parse(settings.appDownloadModalImage)).toBe(
        settings.appDownloadModalImage,
      );
    }
  });
});
