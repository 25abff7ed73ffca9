import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PrePaint } from '@kippu/contract/pre-paint';

/** The web build's server module (ADR 037): the page's first paint from the page's boot data. */
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
