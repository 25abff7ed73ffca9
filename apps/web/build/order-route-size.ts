/**
 * Prints every lazy route's initial compressed JavaScript in the built SPA against its budget
 * (route-sizes.ts); exits 1 when one is over. The same check runs in `npm test`
 * (apps/web/src/test/route-budgets.test.ts).
 *
 * Run after `npm run build -w @kippu/web`: `node --import tsx apps/web/build/order-route-size.ts`
 */
import { fileURLToPath } from 'node:url';
import { measureRoutes } from './route-sizes.ts';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const kb = (bytes: number) => (bytes / 1000).toFixed(2).padStart(7);

console.log('   gzip KB  brotli KB  budget KB  route');
let over = false;
for (const row of measureRoutes(DIST)) {
  const flag = row.brotli > row.budget ? '  OVER BUDGET' : '';
  if (flag) over = true;
  console.log(`  ${kb(row.gzip)}    ${kb(row.brotli)}    ${kb(row.budget)}  ${row.route}${flag}`);
}
if (over) process.exitCode = 1;
