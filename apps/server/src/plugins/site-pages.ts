import { createHash } from 'node:crypto';
import { API_PATH, htmlLang, ROUTES, type LangCode, type SiteCode } from '@kippu/contract';
import type { PrePaint } from '@kippu/contract/pre-paint';
import { escapeHtml } from '../shared/escape-html.ts';
import { compress, type Encoding } from './content-encoding.ts';
import type { RenderPrePaint } from './pre-paint.ts';

/**
 * What the page gives the SPA's first render (features/sites/boot-data.ts makes it): inlined, but for the
 * texts, which the page preloads.
 */
export interface PageBootData {
  lang: LangCode;
  texts?: unknown;
  configuration?: { settings: { language?: { followBrowser: boolean } } };
}
/**
 * `browserLangs`: the browser's preferred languages of the six (`Accept-Language`), used only for a page with
 * no requested language on a site that follows the browser (ADR 110).
 */
export type LoadBootData = (
  site: SiteCode,
  requestedLang: string | undefined,
  browserLangs?: readonly LangCode[],
) => Promise<PageBootData>;

export interface SitePage {
  html: Buffer;
  /** Weak: the same page is sent raw, brotli or gzip. */
  etag: string;
  encoded: Record<Encoding, Buffer>;
  /**
   * The site follows the browser's language (ADR 110): only then does the page depend on Accept-Language,
   * so only then is the browser's list part of the cache key and of `Vary` (review finding 15).
   */
  followsBrowser: boolean;
}

/**
 * Site data (configuration, languages, texts) may change in the database while the server runs; a page is
 * rebuilt at most this long after it was made. Same as the site directory's cache (ADR 014).
 */
const PAGE_TTL_MS = 10_000;

/** JSON inside `<script type="application/json">`: no `<` may close the element early. */
function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** `<html>`'s attributes: the page's language, and the site's colours once the first paint is in the page. */
function htmlAttributes(boot: PageBootData, prePaint: PrePaint | undefined): string {
  let attributes = ` lang="${htmlLang(boot.lang)}"`;
  if (prePaint) {
    const { properties, tone } = prePaint.theme;
    const style = Object.entries(properties)
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
    attributes += ` style="${escapeHtml(style)}" data-tone="${escapeHtml(tone)}"`;
  }
  return attributes;
}

/**
 * The texts of the page's language are most of its data (15 KB of 20 KB compressed): the page preloads them
 * from GET /texts (low priority, cached a minute by the browser) instead of carrying them, so it arrives in
 * one round trip less on a slow phone and a return visit does not download them again (issue 12). The app
 * asks for exactly this URL as it starts and gets the preloaded answer.
 */
function textsPreload(lang: LangCode): string {
  const href = `.${API_PATH}${ROUTES.texts.path}?lang=${lang}`;
  return `<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="${href}">`;
}

function makePage(
  indexHtml: string,
  site: SiteCode,
  boot: PageBootData | undefined,
  prePaint?: PrePaint,
): SitePage {
  let page = indexHtml.replace('<body', `<body data-site="${site}"`);
  if (boot) {
    const { texts: _preloaded, ...inlined } = boot;
    page = page
      .replace(/<html(?:\s+lang="[^"]*")?/, `<html${htmlAttributes(boot, prePaint)}`)
      .replace(
        '</head>',
        `${textsPreload(boot.lang)}<script id="kippu-boot" type="application/json">${scriptJson(inlined)}</script></head>`,
      );
  }
  if (prePaint) {
    page = page
      .replace(
        /(<meta name="theme-color" content=")[^"]*"/,
        (_match, start: string) => `${start}${escapeHtml(prePaint.theme.themeColor)}"`,
      )
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(prePaint.title)}</title>`)
      .replace('<div id="root"></div>', () => `<div id="root">${prePaint.root}</div>`);
  }
  const html = Buffer.from(page);
  return {
    html,
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    encoded: { br: compress(html, 'br', 'small'), gzip: compress(html, 'gzip', 'small') },
    followsBrowser: boot?.configuration?.settings.language?.followBrowser === true,
  };
}

/** A first paint that cannot be made leaves the page as it was before ADR 037: the app paints it all. */
async function prePaintOf(render: RenderPrePaint | undefined, boot: PageBootData) {
  try {
    return await render?.(boot);
  } catch {
    return undefined;
  }
}

/**
 * One built index.html serves every site (ADR 004); each site and language gets its own page with
 * `<body data-site>`, the inlined boot data and the first paint made from it (ADR 037), made on first use,
 * shared by concurrent first requests, compressed once and remade after PAGE_TTL_MS. When the boot data
 * cannot be loaded the page goes out without it (the SPA then asks the API, as before) and is retried on
 * the next request.
 */
export function createSitePages(
  indexHtml: string,
  loadBootData?: LoadBootData,
  renderPrePaint?: RenderPrePaint,
) {
  const pages = new Map<string, { page: Promise<SitePage>; madeAt: number }>();
  const plain = new Map<SiteCode, SitePage>();
  const plainPage = (site: SiteCode) => {
    let page = plain.get(site);
    if (!page) plain.set(site, (page = makePage(indexHtml, site, undefined)));
    return page;
  };

  return async function pageOf(
    site: SiteCode,
    requestedLang: string | undefined,
    browserLangs: readonly LangCode[] = [],
  ): Promise<SitePage> {
    if (!loadBootData) return plainPage(site);
    const load = loadBootData;
    const cachedPage = async (browser: readonly LangCode[]) => {
      const key = `${site}\n${requestedLang ?? ''}\n${browser.join(',')}`;
      const cached = pages.get(key);
      if (cached && Date.now() - cached.madeAt < PAGE_TTL_MS) return cached.page;
      const page = load(site, requestedLang, browser).then(async (boot) =>
        makePage(indexHtml, site, boot, await prePaintOf(renderPrePaint, boot)),
      );
      pages.set(key, { page, madeAt: Date.now() });
      try {
        return await page;
      } catch {
        pages.delete(key);
        return plainPage(site);
      }
    };
    // One page per language in effect: the browser's list counts only without a requested language, and only
    // on a site that follows it (which the page without it tells), else every ordering would be another copy.
    const page = await cachedPage([]);
    if (requestedLang || !page.followsBrowser || browserLangs.length === 0) return page;
    return cachedPage(browserLangs);
  };
}
