import { describe, expect, it } from 'vitest';
import { siteSettingsSchema } from './site-settings.ts';

// Review finding 20: both were any string; the page loads one as a script and shows the other as an image.
const fields = {
  deviceFingerprintScriptUrl: siteSettingsSchema.shape.payment.shape.deviceFingerprintScriptUrl,
  appDownloadModalImage: siteSettingsSchema.shape.appDownloadModalImage,
};

describe('site settings URLs a page loads (linkUrl: https or a path on this server)', () => {
  it.each(Object.entries(fields))('%s accepts https, a path here, or null', (_name, schema) => {
    for (const value of [
      'https://cdn.example.com/fp.js',
      '/simulator/fingerprint.js',
      '/site-images/ab12.png',
      null,
    ])
      expect(schema.safeParse(value).success, String(value)).toBe(true);
  });
  it.each(Object.entries(fields))(
    '%s refuses other schemes and other hosts without https',
    (_name, schema) => {
      for (const value of [
        'javascript:alert(1)',
        'http://example.com/a.png',
        '//evil.example/a.js',
        'data:image/png;base64,AA',
        '',
      ])
        expect(schema.safeParse(value).success, value).toBe(false);
    },
  );
});
