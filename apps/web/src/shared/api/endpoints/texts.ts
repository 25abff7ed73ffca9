import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../api-client.ts';

/** Texts of one language as a flat key → text map (spec §4: fetched on start). */
export async function getTexts(lang: LangCode, signal?: AbortSignal): Promise<Record<string, string>> {
  const { data } = await api.call(ROUTES.texts, { query: { lang }, signal });
  return Object.fromEntries(data.map(({ key, text }) => [key, text]));
}
