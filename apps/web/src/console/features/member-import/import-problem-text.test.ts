import { describe, expect, it } from 'vitest';
import type {
  MemberImportFileError,
  MemberImportLineProblem,
} from '@kippu/contract/console/operations-members';
import { LANG_CODES } from '@kippu/contract/enums';
import { fileErrorText, lineProblemText } from './import-problem-text.ts';

const files = import.meta.glob<Record<string, string>>('./texts/*.json', { eager: true, import: 'default' });

/** One of each code: a code the contract adds fails `tsc` here until it has an example. */
const FILE_ERRORS: { [C in MemberImportFileError['code']]: Extract<MemberImportFileError, { code: C }> } = {
  no_site: { code: 'no_site', site: 'MORI' },
  membership_login_off: { code: 'membership_login_off', site: 'MORI' },
  not_csv: { code: 'not_csv', line: 12 },
  empty_file: { code: 'empty_file' },
  missing_column: { code: 'missing_column', column: 'password' },
  unknown_columns: { code: 'unknown_columns', columns: ['nickname', 'shoe_size'] },
};
const LINE_PROBLEMS: {
  [C in MemberImportLineProblem['code']]: Extract<MemberImportLineProblem, { code: C }>;
} = {
  bad_email: { code: 'bad_email' },
  duplicate_email: { code: 'duplicate_email', first_line: 4 },
  short_password: { code: 'short_password', min_length: 8 },
  empty_name: { code: 'empty_name' },
};

/** The console's `t` over the feature's texts in one language, placeholders filled as it fills them. */
const translator = (lang: string) => {
  const texts = files[`./texts/${lang}.json`]!;
  return (key: string, values: Readonly<Record<string, string | number>> = {}) => {
    const text = texts[key];
    if (text === undefined) return key;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  };
};

describe("the member import's codes", () => {
  it('have a wording in every language, with their parameters in it', () => {
    for (const lang of LANG_CODES) {
      const t = translator(lang);
      const words = [
        ...Object.values(FILE_ERRORS).map((error) => fileErrorText(error, t)),
        ...Object.values(LINE_PROBLEMS).map((problem) => lineProblemText(problem, t)),
      ];
      for (const text of words) {
        expect(text, lang).not.toMatch(/^members_|\{\w+\}/);
        expect(text.trim(), lang).not.toBe('');
      }
      const joined = words.join('\n');
      for (const value of ['MORI', '12', 'password', 'nickname, shoe_size', '4', '8'])
        expect(joined, `${lang} ${value}`).toContain(value);
    }
  });

  it('are worded, not the English copied', () => {
    const english = translator('en');
    for (const lang of LANG_CODES.filter((each) => each !== 'en')) {
      const t = translator(lang);
      for (const problem of Object.values(LINE_PROBLEMS))
        expect(lineProblemText(problem, t), lang).not.toBe(lineProblemText(problem, english));
      for (const error of Object.values(FILE_ERRORS))
        expect(fileErrorText(error, t), lang).not.toBe(fileErrorText(error, english));
    }
  });
});
