import { siteSlug, toTokyoDateString, type Product, type Slot } from '@kippu/contract';
import { BROWSER_HEADERS } from './load-run.ts';

const SITE_API = `/${siteSlug('BORDERLESS')}/api/v1`;
const DAY_MS = 24 * 60 * 60 * 1000;
// The calendar endpoints are asked for what the SPA's month view asks: about a month from today.
const CALENDAR_DAYS = 30;
const SLOT_DAYS_AHEAD = 3;

export interface Target {
  label: string;
  /** Path and query, appended to the server's base URL. */
  path: string;
  expectedStatus: number;
  /** An availability endpoint, as opposed to the framework floor (the JSON 404). */
  availability: boolean;
  /** Which floor: a path under the site's API, or one outside every site (ADR 098). */
  floor?: 'api' | 'outside';
}

function tokyoDate(daysFromNow: number): string {
  return toTokyoDateString(new Date(Date.now() + daysFromNow * DAY_MS));
}

async function getJson<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: BROWSER_HEADERS });
  if (response.status !== 200) {
    throw new Error(`GET ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return (await response.json()) as T;
}

/**
 * A real product and one of its slots from the demo catalogue, found the way the SPA finds them:
 * the product list, then each timed product's slots on a date a few days ahead until one has some.
 */
async function discoverSlot(baseUrl: string, date: string): Promise<{ productUuid: string; slotId: number }> {
  const products = await getJson<Product[]>(baseUrl, `${SITE_API}/products?lang=en`);
  for (const product of products.filter((p) => p.product_type === 'time')) {
    const slots = await getJson<Slot[]>(
      baseUrl,
      `${SITE_API}/products/stocks?date=${date}&product_id=${product.uuid}&lang=en`,
    );
    if (slots[0]) return { productUuid: product.uuid, slotId: slots[0].id };
  }
  throw new Error(`no BORDERLESS product has a slot on ${date}: is the demo catalogue seeded?`);
}

export async function readPathTargets(baseUrl: string): Promise<Target[]> {
  const slotDate = tokyoDate(SLOT_DAYS_AHEAD);
  const from = tokyoDate(0);
  const to = tokyoDate(CALENDAR_DAYS - 1);
  const { productUuid, slotId } = await discoverSlot(baseUrl, slotDate);
  const availability = (label: string, path: string): Target => ({
    label,
    path: `${SITE_API}${path}`,
    expectedStatus: 200,
    availability: true,
  });
  return [
    availability('orderable_stocks', `/products/orderable_stocks?product_time_span_id=${slotId}`),
    availability('stocks', `/products/stocks?date=${slotDate}&product_id=${productUuid}&lang=en`),
    availability(
      'stocks-statuses',
      `/products/stocks-statuses?from=${from}&to=${to}&product_uuid=${productUuid}`,
    ),
    availability('calendar/colors', `/calendar/colors?from=${from}&to=${to}`),
    availability('products/search', `/products/search?from=${slotDate}&to=${slotDate}&lang=en`),
    availability('products/search2', `/products/search2?date=${slotDate}&lang=en`),
    // The framework floor: what a bot scanning for paths costs (issue 31), under a site's API and outside
    // every site (`/api/...` probes); both answer the one JSON error body without touching a table.
    {
      label: '404 (floor)',
      path: `${SITE_API}/nope`,
      expectedStatus: 404,
      availability: false,
      floor: 'api',
    },
    {
      label: '404 outside a site',
      path: '/api/v1/nope',
      expectedStatus: 404,
      availability: false,
      floor: 'outside',
    },
  ];
}
