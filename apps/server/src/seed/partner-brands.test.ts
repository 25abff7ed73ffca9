import { describe, expect, it } from 'vitest';
import { PARTNER_BRANDS, siteSettingsSchema } from '@kippu/contract';
import { SITE_DEFINITIONS } from './data/site-definitions.ts';
import { buildSiteSettings } from './site-settings.ts';

describe('demo partner brands (issue 32 item 29)', () => {
  it('each partner kind is shown by at least one demo site, in a valid settings document', () => {
    const shown = SITE_DEFINITIONS.flatMap((def) => {
      const settings = buildSiteSettings(def);
      expect(siteSettingsSchema.shape.footer.parse(settings.footer)).toEqual(settings.footer);
      return settings.footer.partnerBrands ?? [];
    });
    expect(new Set(shown)).toEqual(new Set(PARTNER_BRANDS));
  });
});
