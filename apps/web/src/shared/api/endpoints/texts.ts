import type { LangCode } from '@kippu/contract/enums';
import type { TextsResponse } from '@kippu/contract/endpoints/texts';
import { api } from '../api-client.ts';

/** Texts of one language as a flat key → text map (spec §4: fetched on start). */
export async function getTexts(lang: LangCode, signal?: AbortSignal): Promise<Record<string, string>> {
  const { data } = await api.get<TextsResponse>('texts', { params: { lang }, signal });
  return Object.fromEntries(data.map(({ key, text }) => [key, text]));
}
