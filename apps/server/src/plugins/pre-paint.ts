import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The page's first paint (ADR 037), as apps/web/src/pre-paint/render-pre-paint.tsx makes it: the header and
 * the screen placeholder for `<div id="root">`, the document's title, and the site's colours for `<html>`. Its input is the page's
 * boot data.
 */
export interface PrePaint {
  root: string;
  /** The document's title, as the app sets it. */
  title: string;
  theme: { properties: Record<string, string>; tone: string; themeColor: string };
}
export type RenderPrePaint = (boot: unknown) => Promise<PrePaint>;

/**
 * The web build's server module sits beside its browser files (`apps/web/dist-pre-paint/` next to
 * `apps/web/dist/`), built by the same `npm run build`. Without it (a build from before ADR 037, a test's
 * stand-in build) pages go out without a first paint, as before.
 */
export async function loadPrePaint(distDir: string): Promise<RenderPrePaint | undefined> {
  const file = `${distDir.replace(/\/?$/, '')}-pre-paint/render-pre-paint.js`;
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderPrePaint?: RenderPrePaint };
  return module.renderPrePaint;
}
