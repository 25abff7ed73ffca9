import { z } from 'zod';
import { LANG_CODES, type LangCode } from './enums.ts';

/** A text in every language (site titles, option-list labels, product names). */
export const localizedTextSchema = z.object(
  Object.fromEntries(LANG_CODES.map((lang) => [lang, z.string()])) as Record<LangCode, z.ZodString>,
);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** One choice of a select field: a label per language and the value sent to the server. */
export const optionItemSchema = z.object({ value: z.string(), text: localizedTextSchema });
export type OptionItem = z.infer<typeof optionItemSchema>;

/** Value of a select that means "nothing chosen": such fields are not sent (spec §5). */
export const NO_SEND_VALUE = '__no_send__';
