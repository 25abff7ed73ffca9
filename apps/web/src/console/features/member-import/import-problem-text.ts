import type {
  MemberImportFileError,
  MemberImportLineProblem,
} from '@kippu/contract/console/operations-members';
import type { Translate } from '../../shared/i18n/console-i18n.tsx';

/** A wording for every code of a union: a code the contract adds without one fails `tsc`. */
type Wordings<P extends { code: string }> = {
  [C in P['code']]: (problem: Extract<P, { code: C }>, t: Translate) => string;
};

const FILE_ERRORS: Wordings<MemberImportFileError> = {
  no_site: ({ site }, t) => t('members_file_error_no_site', { site }),
  // The same explanation the screen gives before the form (the session can be a minute behind the setting).
  membership_login_off: (_, t) => t('members_import_off'),
  not_csv: ({ line }, t) => t('members_file_error_not_csv', { line }),
  empty_file: (_, t) => t('members_file_error_empty_file'),
  missing_column: ({ column }, t) => t('members_file_error_missing_column', { column }),
  unknown_columns: ({ columns }, t) =>
    t('members_file_error_unknown_columns', { columns: columns.join(', ') }),
};

const LINE_PROBLEMS: Wordings<MemberImportLineProblem> = {
  bad_email: (_, t) => t('members_problem_bad_email'),
  duplicate_email: ({ first_line }, t) => t('members_problem_duplicate_email', { line: first_line }),
  short_password: ({ min_length }, t) => t('members_problem_short_password', { min: min_length }),
  empty_name: (_, t) => t('members_problem_empty_name'),
};

// TypeScript cannot tie a union's code to its own entry of the map (the entry's parameter is the
// intersection): the map's type above is what keeps each entry to its code.
type Wording<P> = (problem: P, t: Translate) => string;

/** Why the whole file was refused, in the staff member's language. */
export function fileErrorText(error: MemberImportFileError, t: Translate): string {
  return (FILE_ERRORS[error.code] as Wording<MemberImportFileError>)(error, t);
}

/** Why a line was refused, in the staff member's language. */
export function lineProblemText(problem: MemberImportLineProblem, t: Translate): string {
  return (LINE_PROBLEMS[problem.code] as Wording<MemberImportLineProblem>)(problem, t);
}
