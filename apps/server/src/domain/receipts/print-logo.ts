import type { LangCode, SiteCode, SiteSettings } from '@kippu/contract';
import { monogram } from '@kippu/contract/format/monogram';
import type { Db } from '../../db/client.ts';
import { readSiteImage } from '../settings/site-images.ts';
import { readSiteSettings } from '../sites/site-settings.ts';

/**
 * The logo a site prints on its receipt (issue 32 item 1, ADR 113): the image staff uploaded as
 * `images.printLogo` when pdfkit can embed it (PNG, JPEG), else the site's drawn mark (the web header's
 * monogram in the theme colours) with its name; none when `printLogo` is off.
 */
export type PrintLogo =
  | { kind: 'image'; bytes: Buffer }
  | {
      kind: 'drawn';
      shape: SiteSettings['kind'];
      letters: string;
      name: string;
      colours: { base: string; letters: string; accent: string };
    };

const UPLOADED = /\/site-images\/([0-9a-f]{64})\.(png|jpg)$/;

export async function readPrintLogo(db: Db, site: SiteCode, lang: LangCode): Promise<PrintLogo | null> {
  const settings = await readSiteSettings(db, site);
  if (!settings?.printLogo) return null;
  const uploaded = UPLOADED.exec(settings.images?.printLogo ?? '');
  if (uploaded) {
    const image = await readSiteImage(db, uploaded[1]!);
    // A WebP upload (pdfkit draws PNG and JPEG only) or a vanished row prints the drawn mark instead.
    if (image && image.mime !== 'image/webp') return { kind: 'image', bytes: image.bytes };
  }
  const { theme } = settings;
  return {
    kind: 'drawn',
    shape: settings.kind,
    letters: monogram(settings.name.en),
    name: settings.name[lang],
    // Paper is white: the black variant's colours (the mark in the primary colour).
    colours: { base: theme.primary, letters: theme.onPrimary, accent: theme.accent },
  };
}
