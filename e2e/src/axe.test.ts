import { runAxe } from './axe.ts';
import { describe, expect, skipBrowserSuites, test } from './fixtures.ts';

/** The journeys' accessibility check itself (ADR 134): it must still see what axe sees, on every screen. */
describe.skipIf(skipBrowserSuites)('axe in the page', () => {
  test('reports a missing alternative text and language, and a clean page as clean', async ({ page }) => {
    await page.setContent('<html><body><main><img src="data:,"><button></button></main></body></html>');
    const faulty = await runAxe(page);
    expect(faulty.violations.map((violation) => violation.id).sort()).toEqual(
      expect.arrayContaining(['button-name', 'html-has-lang', 'image-alt']),
    );

    await page.setContent(
      '<html lang="en"><head><title>Clean</title></head><body><main><img src="data:," alt="A logo">' +
        '<button>Buy</button></main></body></html>',
    );
    expect((await runAxe(page)).violations).toEqual([]);
  });

  test('injects once per document: a later screen of the same page reuses it and sees the new DOM', async ({
    page,
  }) => {
    await page.setContent(
      '<html lang="en"><head><title>One</title></head><body><main><p>One</p></main></body></html>',
    );
    await runAxe(page);
    await page.evaluate(() => Object.assign(window.axe!, { injectedBefore: true }));
    // A hash route's next screen: the same document, new content.
    await page.evaluate(() => {
      document.querySelector('main')!.innerHTML = '<img src="data:,">';
    });
    const later = await runAxe(page);
    expect(await page.evaluate(() => 'injectedBefore' in window.axe!)).toBe(true);
    expect(later.violations.map((violation) => violation.id)).toEqual(['image-alt']);
  });

  test('checks a frame of the page with the page', async ({ page }) => {
    // One origin of the test's own, so the frame is the page's (axe asks same-origin frames only).
    const documents: Record<string, string> = {
      '/': '<html lang="en"><head><title>Frame</title></head><body><main><iframe title="Inner" src="/inner"></iframe></main></body></html>',
      '/inner': '<html lang="en"><head><title>Inner</title></head><body><img src="data:,"></body></html>',
    };
    await page.route('http://axe.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: documents[new URL(route.request().url()).pathname] ?? '',
      }),
    );
    await page.goto('http://axe.test/');
    await page.frameLocator('iframe').locator('img').waitFor({ state: 'attached' });
    const results = await runAxe(page);
    expect(results.violations.map((violation) => violation.id)).toEqual(['image-alt']);
    expect(results.violations[0]!.nodes[0]!.target).toEqual(['iframe', 'img']);
  });
});
