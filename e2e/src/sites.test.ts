import { DEMO_SITE_CODES, siteSlug } from '@kippu/contract';
import {
  bodySite,
  describe,
  expect,
  expectNoAxeViolations,
  openPage,
  skipBrowserSuites,
  test,
} from './fixtures.ts';

describe('every site is served under its slug', () => {
  test.for(DEMO_SITE_CODES)(
    'site %s: its slug serves the SPA with its data-site',
    async (code, { baseUrl }) => {
      const response = await fetch(`${baseUrl}/${siteSlug(code)}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain(`<body data-site="${code}"`);
      expect(html).toContain('<div id="root">');
    },
  );

  test('an unknown slug falls back to BORDERLESS', async ({ baseUrl }) => {
    const html = await (await fetch(`${baseUrl}/no-such-site/`)).text();
    expect(html).toContain('<body data-site="BORDERLESS"');
  });
});

describe.skipIf(skipBrowserSuites)('every site renders accessibly', () => {
  test.for(DEMO_SITE_CODES)(
    'site %s: its page renders the layout without axe violations',
    async (code, { page }) => {
      await openPage(page, `/${siteSlug(code)}/`);
      expect(await bodySite(page)).toBe(code);
      await expectNoAxeViolations(page);
    },
  );
});
