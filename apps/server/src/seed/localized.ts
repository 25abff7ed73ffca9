import type { LocalizedText, OptionItem } from '@kippu/contract';
import { NO_SEND_VALUE } from '@kippu/contract';

/** Texts in the order ja, en, zh-hans, kr, zh-hant, th: keeps the seed tables readable. */
export type Texts6 = readonly [string, string, string, string, string, string];

export function t6([ja, en, zhHans, kr, zhHant, th]: Texts6): LocalizedText {
  return { ja, en, 'zh-hans': zhHans, kr, 'zh-hant': zhHant, th };
}

export function option(value: string, texts: Texts6): OptionItem {
  return { value, text: t6(texts) };
}

/** Every select list starts with this item; the client does not send a field left on it (spec §5). */
export const NO_SELECTION: OptionItem = option(NO_SEND_VALUE, [
  '選択しない',
  'Not selected',
  '不选择',
  '선택 안 함',
  '不選擇',
  'ไม่ระบุ',
]);

export function selectList(items: OptionItem[]): OptionItem[] {
  return [NO_SELECTION, ...items];
}

/** The same text in every language (brand strings, URLs shown as text). */
export function same(text: string): LocalizedText {
  return t6([text, text, text, text, text, text]);
}
