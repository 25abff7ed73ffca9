import { siteCodeSchema, type SiteCode } from '@kippu/contract';
import { registerGateDevice, revokeGateDevice } from '../domain/check-ins/gate-devices.ts';
import { listGateKeys } from '../domain/check-ins/gate-keys.ts';
import { AppError } from '../shared/app-error.ts';
import { runCommand, withCliDatabase } from './run-command.ts';

export const GATE_KEY_USAGE = `Gate device keys (ADR 030):
  npm run gate-key -- create --site BORDERLESS --label "North entrance"
  npm run gate-key -- list [--site BORDERLESS]
  npm run gate-key -- revoke <id>
The key is shown once; type it into the gate screen (/{site}/#/gate) of the device.`;

function option(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

function siteOption(argv: string[]): SiteCode | undefined {
  const site = option(argv, '--site');
  if (site === undefined) return undefined;
  const parsed = siteCodeSchema.safeParse(site);
  if (!parsed.success) throw new Error(`Not a site code: ${site}.`);
  return parsed.data;
}

/** `npm run gate-key -- ...`: the operator's tool to create, list and revoke gate device keys. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create' && command !== 'list' && command !== 'revoke') {
    console.log(GATE_KEY_USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 1;
  }
  const site = siteOption(rest);
  const label = option(rest, '--label');
  const id = command === 'revoke' ? Number(rest[0]) : 0;
  if (command === 'create' && (!site || !label))
    throw new Error(`create needs --site and --label.\n\n${GATE_KEY_USAGE}`);
  if (command === 'revoke' && !(Number.isInteger(id) && id > 0))
    throw new Error(`revoke needs a key id.\n\n${GATE_KEY_USAGE}`);
  // The console's functions: the same keys, and the same audit events (by the system, named the command).
  const actor = { kind: 'system', label: 'npm run gate-key' } as const;
  return withCliDatabase(async (database) => {
    if (command === 'create') {
      const created = await registerGateDevice(database.db, actor, site!, label!);
      console.log(
        `Gate key ${created.device.id} for ${site} (${label}), via ${database.via}:\n\n  ${created.key}\n`,
      );
      console.log(
        'It is shown only now; the server keeps its digest. Revoke with: npm run gate-key -- revoke ' +
          created.device.id,
      );
      return 0;
    }
    if (command === 'revoke') {
      const revoked = await revokeGateDevice(database.db, actor, null, id).catch((error: unknown) => {
        if (error instanceof AppError) return false;
        throw error;
      });
      console.log(revoked ? `Gate key ${id} revoked.` : `No active gate key ${id}.`);
      return revoked ? 0 : 1;
    }
    const keys = await listGateKeys(database.db, site);
    if (keys.length === 0) console.log('No gate keys.');
    for (const key of keys) {
      const state = key.revoked_at ? `revoked ${new Date(key.revoked_at).toISOString()}` : 'active';
      const used = key.last_used_at ? `last used ${new Date(key.last_used_at).toISOString()}` : 'never used';
      console.log(`${key.id}\t${key.site_code}\t${key.label}\t${state}\t${used}`);
    }
    return 0;
  });
}

runCommand(main);
