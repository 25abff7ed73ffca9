import { describe, expect, it } from 'vitest';
import { configurationResponseSchema, siteSlug } from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';

/** The app-download modal's image the demo settings name answers (issue 32, items 6/7; ADR 105). */
describe('GET /images/:file', () => {
  const ctx = setupTestApp();
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('serves the drawn app-download image that BORDERLESS and AZABUDAI_BORDERLESS name', async () => {
    for (const slug of [siteSlug('BORDERLESS'), siteSlug('AZABUDAI_BORDERLESS')]) {
      const config = configurationResponseSchema.parse((await get(`/${slug}/api/v1/configurations`)).json());
      const image = config.settings.appDownloadModalImage;
      expect(image, slug).toBe('/images/app-download.png');
      expect(config.settings.footer.appDownloadUrl, slug).not.toBeNull();
      const res = await get(image!);
      expect(res.statusCode, slug).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      // A real PNG (its signature), not the page or an error body.
      expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
      expect(res.rawPayload.length).toBeGreaterThan(10_000);
    }
  });

  it('answers 404 with the error body for a name it does not ship, and never reads outside its folder', async () => {
    for (const file of ['missing.png', '..%2F..%2Fpackage.json', 'README.md', 'app-download.svg']) {
      const res = await get(`/images/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json(), file).toEqual({ error: 'record not found' });
    }
  });
});
