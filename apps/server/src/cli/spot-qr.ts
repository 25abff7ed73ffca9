import { parseArgs } from 'node:util';
import { siteCodeSchema, siteSlug } from '@kippu/contract';
import { siteUrl, spotOrderPath, spotPosterPath } from '../domain/links.ts';
import { DEFAULT_SPOT_QR_DAYS, currentSpotQrToken, spotProductsOf } from '../domain/spot/spot-qr-tokens.ts';
import { createSpotPoster } from '../domain/spot/spot-posters.ts';
import { AppError } from '../shared/app-error.ts';
import { runCommand, withCliDatabase } from './run-command.ts';

export const SPOT_QR_USAGE = `Spot QR codes (ADR 031): print the poster links of a site's spot products.

  npm run spot-qr -- --site LAB_EXHIBITION                 every spot product: its valid token (one is issued if none)
  npm run spot-qr -- --site LAB_EXHIBITION --product <uuid> --rotate [--days 90]
                                                           a new token; the product's earlier tokens stop at once

Open the poster link in a browser and print it (the QR code leads to the spot order screen).`;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      site: { type: 'string' },
      product: { type: 'string' },
      rotate: { type: 'boolean', default: false },
      days: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return null;
  const site = siteCodeSchema.safeParse(values.site?.toUpperCase());
  if (!site.success) throw new UsageError('--site must be a site code such as LAB_EXHIBITION');
  const days = values.days === undefined ? DEFAULT_SPOT_QR_DAYS : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new UsageError('--days must be 1 to 3650');
  if (values.rotate && !values.product) throw new UsageError('--rotate needs --product <uuid>');
  return { site: site.data, product: values.product, rotate: values.rotate, days };
}

async function main(argv: string[]): Promise<number> {
  const command = parse(argv);
  if (!command) {
    console.log(SPOT_QR_USAGE);
    return 0;
  }
  return withCliDatabase(async (database, env) => {
    const products = (await spotProductsOf(database.db, command.site)).filter(
      (product) => !command.product || product.uuid === command.product,
    );
    if (products.length === 0) {
      console.log(`${command.site} has no spot product${command.product ? ` ${command.product}` : 's'}.`);
      return 1;
    }
    const slug = siteSlug(command.site);
    for (const product of products) {
      const input = { site: command.site, productUuid: product.uuid, validDays: command.days };
      // A rotation is the console's (the same token, the same audit event, by the system).
      const qr = command.rotate
        ? await createSpotPoster(database.db, env, { kind: 'system', label: 'npm run spot-qr' }, input).then(
            (poster) => ({ token: poster.token, expiresAt: new Date(poster.expires_at) }),
          )
        : await currentSpotQrToken(database.db, input);
      console.log(`\n${product.name}  (${product.uuid})`);
      console.log(
        `  token ${qr.token}, valid until ${qr.expiresAt.toISOString()}${command.rotate ? ' (rotated)' : ''}`,
      );
      console.log(`  poster: ${siteUrl(env, slug, spotPosterPath(product.uuid, qr.token))}`);
      console.log(`  QR link: ${siteUrl(env, slug, spotOrderPath(qr.token))}`);
    }
    return 0;
  });
}

runCommand(main, (error) => {
  if (error instanceof UsageError) return `${error.message}\n\n${SPOT_QR_USAGE}`;
  if (error instanceof AppError) return `Refused: ${error.message}`;
  return undefined;
});
