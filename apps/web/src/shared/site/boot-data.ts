import type { LangCode } from '@kippu/contract/enums';
import type { Language } from '@kippu/contract/endpoints/langs';
import type { ConfigurationResponse } from '@kippu/contract/site-settings';

/**
 * What the server put into the page for the first render (issue 12; apps/server/src/features/sites/
 * boot-data.ts): the answers of GET /configurations and /langs, and `lang`, the language the page was drawn
 * in (whose texts the page preloads). Absent when the page was served without it (the dev server, a database
 * hiccup): the app then asks the API as before.
 */
export type BootData = {
  lang: LangCode;
  configuration: ConfigurationResponse;
  langs: Language[];
  /** The server drew the page in the browser's preferred language (a site that follows it, ADR 110). */
  browserLanguage?: boolean;
};

export const BOOT_DATA_ELEMENT_ID = 'kippu-boot';

export function readBootData(doc: Document = document): BootData | null {
  const element = doc.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as Partial<BootData>;
    if (!data.lang || !data.configuration || !Array.isArray(data.langs)) return null;
    return data as BootData;
  } catch {
    return null;
  }
}
