/**
 * What the web build's server module (apps/web/src/pre-paint/render-pre-paint.tsx) gives the server for each
 * site and language page (apps/server/src/plugins/site-pages.ts): the page's first paint (ADR 037).
 */
export interface PrePaint {
  /** Markup for `<div id="root">`: the layout's header and the screen placeholder, replaced by the app's first commit. */
  root: string;
  /** The document's title, as the app sets it. */
  title: string;
  /** The site's colours on `<html>`: custom properties, palette tone, and the browser's theme colour. */
  theme: { properties: Record<string, string>; tone: 'dark' | 'light'; themeColor: string };
}
