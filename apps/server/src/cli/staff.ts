import { AppError } from '../shared/app-error.ts';
import { createOwner } from '../domain/staff/first-owner.ts';
import { PASSWORD_MIN_LENGTH } from '../domain/staff/password-rules.ts';
import { runCommand, withCliDatabase } from './run-command.ts';
import { STAFF_USAGE, parseStaffArgs } from './staff-args.ts';

/** The first line of standard input (a password piped in, never an argument that `ps` would show). */
async function readFirstLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).includes(10)) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** `npm run staff -- create-owner ...`: the first owner of an organisation. */
async function main(argv: string[]): Promise<number> {
  const args = parseStaffArgs(argv);
  if (args.command === 'help') {
    console.log(STAFF_USAGE);
    return args.exitCode;
  }
  const password = args.passwordStdin ? await readFirstLine() : undefined;
  return withCliDatabase(async (database, env) => {
    const result = await createOwner(database.db, env, {
      organisationCode: args.organisation,
      email: args.email,
      lang: args.lang,
      ...(args.name === undefined ? {} : { name: args.name }),
      ...(args.organisationName === undefined ? {} : { organisationName: args.organisationName }),
      ...(password === undefined ? {} : { password }),
    });
    const made = result.organisationCreated ? 'made' : 'existing';
    const adopted = result.adoptedSites.length > 0 ? `; it now owns ${result.adoptedSites.join(', ')}` : '';
    if (result.kind === 'password-set') {
      console.log(
        `${args.email} is an owner of ${args.organisation} (${made} organisation${adopted}), via ${database.via}.`,
      );
      console.log('Sign in at the console; an owner sets up a second factor at the first sign-in.');
      return 0;
    }
    console.log(
      `${args.email} is invited as an owner of ${args.organisation} (${made} organisation${adopted}), via ${database.via}.`,
    );
    console.log(
      `Open this link once, before ${result.expiresAt.toISOString()}, to choose a password:\n\n  ${result.link}\n`,
    );
    return 0;
  });
}

runCommand(main, (error) =>
  error instanceof AppError && error.code === 'console_password_rules'
    ? `The password does not follow the rules: at least ${PASSWORD_MIN_LENGTH} characters, not a common or breached password, not a repetition or a run of keys.`
    : undefined,
);
