import { describe, expect, it } from 'vitest';
import { parseStaffArgs } from './staff-args.ts';

describe('npm run staff arguments', () => {
  it('reads create-owner with its options', () => {
    expect(
      parseStaffArgs([
        'create-owner',
        '--email',
        'a@b.example',
        '--organisation',
        'my-venue',
        '--lang',
        'en',
        '--password-stdin',
      ]),
    ).toEqual({
      command: 'create-owner',
      email: 'a@b.example',
      organisation: 'my-venue',
      lang: 'en',
      passwordStdin: true,
    });
    expect(
      parseStaffArgs(['create-owner', '--email', 'a@b.example', '--organisation', 'v', '--name', 'Hanako']),
    ).toMatchObject({
      lang: 'ja',
      name: 'Hanako',
      passwordStdin: false,
    });
  });

  it('answers usage for help and unknown commands, and refuses bad options', () => {
    expect(parseStaffArgs([])).toEqual({ command: 'help', exitCode: 0 });
    expect(parseStaffArgs(['delete-everyone'])).toEqual({ command: 'help', exitCode: 1 });
    expect(() => parseStaffArgs(['create-owner', '--email', 'a@b.example'])).toThrow(/--organisation/);
    expect(() =>
      parseStaffArgs(['create-owner', '--email', 'not-an-address', '--organisation', 'v']),
    ).toThrow(/e-mail/);
    expect(() =>
      parseStaffArgs(['create-owner', '--email', 'a@b.example', '--organisation', 'Bad Code']),
    ).toThrow(/organisation code/);
    expect(() =>
      parseStaffArgs(['create-owner', '--email', 'a@b.example', '--organisation', 'v', '--lang', 'fr']),
    ).toThrow(/--lang/);
    expect(() => parseStaffArgs(['create-owner', '--email', '--organisation', 'v'])).toThrow(/needs a value/);
  });
});
