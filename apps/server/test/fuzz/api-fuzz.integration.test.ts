import { beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../src/features/catalogue/catalogue-test-fixtures.ts';
import { createProduct, createSetProduct, createTimeSpan } from '../factories.ts';
import { fakeWebBuild } from '../fake-web-build.ts';
import { setupTestApp, xsrfHeaders } from '../helper.ts';
import {
  bodyViolation,
  malformedRequest,
  type JsonSchema,
  type KnownValues,
  type OperationSchemas,
} from './fuzz-requests.ts';
import { routesOf, type RouteMethod } from './route-table.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The fuzz suite (issue 7): every API route the app routes gets REQUESTS_PER_ROUTE malformed requests from
 * a seeded generator (the same requests on every run), and every answer must be below 500 and, when it
 * is an error, the one error body `{ error: <catalogue string> }` without anything else.
 * To explore beyond the fixed cases, change SEED locally; a failure names the seed's request.
 */
const SEED = 20261122;
const REQUESTS_PER_ROUTE = 100;

// With a web build, as in production: a path that normalises out of the API gets the page, not the 503
// of an unbuilt app.
const ctx = setupTestApp({}, { webDistDir: fakeWebBuild() });

/** Each request comes from its own client address, so per-client limits do not hide deeper code paths. */
let clients = 0;
function nextClientAddress(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

interface Fixture {
  productUuid: string;
  spanId: number;
  optionValueId: number;
  setProductUuid: string;
  visitDate: string;
  orderTokens: string[];
  orderCouponId: number;
}
let fixture: Fixture;

async function createFixture(): Promise<Fixture> {
  const product = await createProduct(ctx.db, { site: 'DEMO', maxQuantity: 10 });
  const startsAt = new Date(Date.now() + 5 * 86_400_000);
  const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 1_000_000, startsAt });
  const setProductUuid = await createSetProduct(ctx.db, {
    site: 'DEMO',
    name: 'Fuzz audio guide',
    price: 500,
    productIds: [product.id],
  });
  const orderTokens: string[] = [];
  for (let i = 0; i < 8; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/demo/api/v1/orders',
      headers: xsrfHeaders(),
      remoteAddress: nextClientAddress(),
      payload: {
        lang: 'ja',
        product_uuid: product.uuid,
        time_span_id: spanId,
        quantity: 1,
        option_values: [{ option_value_id: product.optionValueIds[0], quantity: 1 }],
      },
    });
    expect(res.statusCode).toBe(201);
    orderTokens.push(res.json().order_token);
  }
  const applied = await ctx.app.inject({
    method: 'POST',
    url: `/demo/api/v1/ordercoupons/${orderTokens[0]}`,
    headers: xsrfHeaders(),
    remoteAddress: nextClientAddress(),
    payload: { coupon_code: 'DEMO10' },
  });
  expect(applied.statusCode).toBe(200);
  return {
    productUuid: product.uuid,
    spanId,
    optionValueId: product.optionValueIds[0]!,
    setProductUuid,
    visitDate: tokyoDate(5),
    orderTokens,
    orderCouponId: applied.json().id,
  };
}

function knownValues(random: ReturnType<typeof seededRandom>): KnownValues {
  return {
    slug: () => random.pick(['demo', 'demo', 'demo', 'borderless', 'tickets', 'no-such-site']),
    id: () => random.pick(fixture.orderTokens),
    couponId: () => fixture.orderCouponId,
    product_uuid: () => fixture.productUuid,
    product_id: () => fixture.productUuid,
    set_product_uuid: () => fixture.setProductUuid,
    time_span_id: () => fixture.spanId,
    product_time_span_id: () => fixture.spanId,
    main_product_time_span_ids: () => String(fixture.spanId),
    option_value_id: () => fixture.optionValueId,
    quantity: () => 1,
    date: () => fixture.visitDate,
    from: () => fixture.visitDate,
    to: () => fixture.visitDate,
    coupon_code: () => 'DEMO10',
    key: () =>
      random.pick(['fullname', 'email', 'gender', 'age', 'resident_area', 'questionnaire1', 'phone']),
    value: () => random.pick(['Kippu Taro', 'fuzz@example.com', 'true']),
  };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** The route's schemas from the app's own OpenAPI document (the contract's zod schemas, as JSON Schema). */
function operationOf(route: RouteMethod): OperationSchemas {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
  const operation = doc.paths[openApiPath]?.[route.method.toLowerCase()] ?? {};
  return {
    query: (operation.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema })),
    body: operation.requestBody?.content?.['application/json']?.schema,
  };
}

const apiRoutes = () => routesOf(ctx.app).filter((route) => route.url.includes('/api/'));

describe('fuzzing every API route with malformed input', () => {
  beforeAll(async () => {
    fixture = await createFixture();
  });

  it('finds every route of the OpenAPI document in the route table it fuzzes', () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.includes('/api/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    const fuzzed = apiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(documented.length).toBeGreaterThan(10);
    expect(fuzzed.sort()).toEqual(expect.arrayContaining(documented.sort()));
  });

  // The routes are read when the test runs (the app is built in beforeAll); the report names the route
  // and the broken part of every request that broke the rules.
  it('answers every malformed request with a 4xx and the one error body, never a 5xx', async () => {
    const routes = apiRoutes();
    const report: string[] = [];
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      const random = seededRandom(SEED + index);
      const known = knownValues(random);
      const operation = operationOf(route);
      for (let i = 0; i < REQUESTS_PER_ROUTE; i++) {
        const { label, ...request } = malformedRequest(route, operation, known, random);
        const res = await ctx.app.inject({ ...request, remoteAddress: nextClientAddress() });
        sent += 1;
        const problem = bodyViolation(
          res.statusCode,
          res.headers['content-type'] as string | undefined,
          res.body,
        );
        if (problem) {
          report.push(`${route.method} ${route.url} [${label}] ${problem}: ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(sent).toBe(routes.length * REQUESTS_PER_ROUTE);
    expect(report).toEqual([]);
  }, 120_000);
});
