import { removeDemoData } from '../seed/remove-demo-data.ts';
import { runCommand, withCliDatabase } from './run-command.ts';

export const REMOVE_DEMO_DATA_USAGE = `Remove the demo data (ADR 048): demo gate keys, coupons, the demo member, demo products and add-ons.
  npm run remove-demo-data -- --dry-run    lists every demo row and what removing it would do
  npm run remove-demo-data                 removes them (rows orders refer to are made harmless, not deleted)
It uses the server's database: DATABASE_URL, else the embedded one in EMBEDDED_PG_DIR.`;

/** `npm run remove-demo-data`: the command a production start names when demo rows carry public secrets. */
async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('help')) {
    console.log(REMOVE_DEMO_DATA_USAGE);
    return 0;
  }
  const unknown = argv.filter((arg) => arg !== '--dry-run');
  if (unknown.length > 0)
    throw new Error(`Unknown argument: ${unknown.join(' ')}\n\n${REMOVE_DEMO_DATA_USAGE}`);
  const dryRun = argv.includes('--dry-run');
  return withCliDatabase(async (database) => {
    const done = await removeDemoData(database.db, { dryRun });
    console.log(
      `${dryRun ? 'Dry run, nothing changed; a run would do this' : 'Demo data removed'}, via ${database.via}.`,
    );
    if (done.length === 0) console.log('No demo rows.');
    for (const line of done) console.log(`${line.site}\t${line.row}\t${line.action}`);
    if (!dryRun && done.length > 0) {
      console.log(
        'Unset SEED_DEMO_DATA to keep the demo away; with SEED_DEMO_DATA=true and NODE_ENV=production the next start seeds it again with fresh codes and keys.',
      );
    }
    return 0;
  });
}

runCommand(main);
