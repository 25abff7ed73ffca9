import { describe, expect, it } from 'vitest';
import { LANG_CODES } from '@kippu/contract/enums';
import { ERROR_CODES } from '@kippu/contract/errors';
import { ERROR_TEXTS, TEXT_GROUPS, UI_TEXTS } from './locale-texts.ts';

describe('locale files', () => {
  it('have the same non-empty keys in all six languages, in every group', () => {
    expect(Object.keys(TEXT_GROUPS)).toEqual(expect.arrayContaining(['ui', 'errors', 'validation']));
    for (const [group, byLang] of Object.entries(TEXT_GROUPS)) {
      const keys = Object.keys(byLang.en ?? {}).sort();
      for (const lang of LANG_CODES) {
        expect(byLang[lang], `${group}/${lang}.json`).toBeDefined();
        expect(Object.keys(byLang[lang]).sort(), `${group}/${lang}.json`).toEqual(keys);
        for (const text of Object.values(byLang[lang])) expect(text.trim()).not.toBe('');
      }
    }
  });

  it('never define one key in two groups', () => {
    const seen = new Map<string, string>();
    for (const [group, byLang] of Object.entries(TEXT_GROUPS)) {
      for (const key of Object.keys(byLang.en ?? {})) {
        expect(seen.get(key), `${key} in ${group}`).toBeUndefined();
        seen.set(key, group);
      }
    }
  });

  it('have a dialog title and text for every catalogue code, plus the connection error', () => {
    for (const code of [...ERROR_CODES, 'connection']) {
      for (const lang of LANG_CODES) {
        expect(ERROR_TEXTS[lang][`error_dialog_${code}_title`], `${lang} ${code}`).toBeTruthy();
        expect(ERROR_TEXTS[lang][`error_dialog_${code}_text`], `${lang} ${code}`).toBeTruthy();
      }
    }
  });

  it('use the spec wording for the generic connection error in English', () => {
    expect(ERROR_TEXTS.en.error_dialog_connection_title).toBe('We were unable to connect to the server');
    expect(ERROR_TEXTS.en.error_dialog_connection_text).toBe('The connection is unstable. Please try again.');
  });

  it('are translated, not copied from English', () => {
    for (const lang of LANG_CODES.filter((each) => each !== 'en')) {
      expect(UI_TEXTS[lang].screen_order_title).not.toBe(UI_TEXTS.en.screen_order_title);
      expect(ERROR_TEXTS[lang].error_dialog_session_timeout_text).not.toBe(
        ERROR_TEXTS.en.error_dialog_session_timeout_text,
      );
    }
  });
});
