import type {
  MemberImportFileError,
  MemberImportLineProblem,
} from '@kippu/contract/console/operations-members';

/**
 * The member import's refusals in English, for `npm run import-members` (and the API's `message`, for
 * clients from before the codes). The console words the same codes in the staff member's language
 * (features/member-import/import-problem-text.ts); this is the one place the server says them.
 */
export function fileErrorInEnglish(error: MemberImportFileError): string {
  switch (error.code) {
    case 'no_site':
      return `no site ${error.site}`;
    case 'membership_login_off':
      return `${error.site} does not have membership login turned on`;
    case 'not_csv':
      return `the file is not CSV: the row starting on line ${error.line} cannot be read (check its double quotes)`;
    case 'empty_file':
      return 'the file is empty';
    case 'missing_column':
      return `the header has no "${error.column}" column`;
    case 'unknown_columns':
      return `unknown column(s): ${error.columns.join(', ')}`;
  }
}

/** A refused line in English; `email` is the line's address as read (trimmed, lower-cased). */
export function lineProblemInEnglish(problem: MemberImportLineProblem, email: string): string {
  switch (problem.code) {
    case 'bad_email':
      return `bad e-mail "${email}"`;
    case 'duplicate_email':
      return `${email} appears twice (first on line ${problem.first_line})`;
    case 'short_password':
      return `the password has fewer than ${problem.min_length} characters`;
    case 'empty_name':
      return 'the name is empty';
  }
}
