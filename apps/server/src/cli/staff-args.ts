import { LANG_CODES, type LangCode } from '@kippu/contract';

export const STAFF_USAGE = `Console staff (issue 27, ADR 063):
  npm run staff -- create-owner --email you@example.com --organisation my-venue [--name "Your Name"] [--lang ja]
      [--organisation-name "My Venue"] [--password-stdin]

Makes the organisation when it does not exist yet (a new install's first organisation takes over the sites
of the default one while nobody is a member there), then makes the person an owner of all its sites:
without --password-stdin it prints a one-time link (valid 7 days) to choose a password in the console;
with it, the password is read from standard input (first line) and must follow the password rules
(at least 15 characters, not a common password).`;

export interface CreateOwnerArgs {
  command: 'create-owner';
  email: string;
  organisation: string;
  organisationName?: string;
  name?: string;
  lang: LangCode;
  passwordStdin: boolean;
}

export type StaffArgs = CreateOwnerArgs | { command: 'help'; exitCode: 0 | 1 };

function option(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--'))
    throw new Error(`${name} needs a value.\n\n${STAFF_USAGE}`);
  return value;
}

/** Reads `npm run staff -- ...`'s arguments; a usage error throws with the usage text. */
export function parseStaffArgs(argv: readonly string[]): StaffArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help')
    return { command: 'help', exitCode: 0 };
  if (command !== 'create-owner') return { command: 'help', exitCode: 1 };
  const email = option(rest, '--email');
  const organisation = option(rest, '--organisation');
  if (!email || !organisation)
    throw new Error(`create-owner needs --email and --organisation.\n\n${STAFF_USAGE}`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    throw new Error(`Not an e-mail address: ${email}.`);
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(organisation)) {
    throw new Error(`An organisation code is lower-case letters, digits and dashes: ${organisation}.`);
  }
  const lang = option(rest, '--lang') ?? 'ja';
  if (!(LANG_CODES as readonly string[]).includes(lang)) {
    throw new Error(`--lang is one of ${LANG_CODES.join(', ')}.`);
  }
  const name = option(rest, '--name');
  const organisationName = option(rest, '--organisation-name');
  return {
    command: 'create-owner',
    email,
    organisation,
    lang: lang as LangCode,
    passwordStdin: rest.includes('--password-stdin'),
    ...(name === undefined ? {} : { name }),
    ...(organisationName === undefined ? {} : { organisationName }),
  };
}
