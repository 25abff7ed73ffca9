import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_LIST } from '@kippu/contract';
import { DEV_MAIL_PATH } from '../src/features/mail/dev-mail-page.ts';
import { SIMULATOR_PREFIX } from '@kippu/contract/gateway-simulator';
import { MOUNT_PREFIXES } from '../src/plugins/register-endpoint.ts';
import { setupTestApp } from './helper.ts';

/**
 * The server's API is the contract's (ADR 050): every route it registers is an endpoint of
 * packages/contract, and every endpoint is registered. What is not the API is named here: the SPAs' pages
 * and files (the visitors' and the console's), the API's own documentation, the development mail viewer, the
 * health and metrics answers, and the gateway simulator (it stands for other companies' servers).
 */
const NOT_THE_API = new Set([
  'GET /',
  'GET /robots.txt',
  'GET /favicon.ico',
  'GET /:slug',
  'GET /:slug/',
  'GET /:slug/*',
  'GET /openapi.json',
  // Load balancers' and Prometheus's answers (ADR 099): for machines, like /openapi.json, not the web's client.
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  // The partner API's docs page (ADR 090): a static HTML page, its calls are in the contract.
  'GET /partner/docs',
  // The console's pages and files (ADR 067); its API is under /console/api/v1, in the contract.
  'GET /console',
  'GET /console/',
  'GET /console/*',
]);
const notTheApi = (route: string) => {
  const url = route.slice(route.indexOf(' ') + 1);
  return (
    NOT_THE_API.has(route) ||
    url === DEV_MAIL_PATH ||
    url.startsWith(`${DEV_MAIL_PATH}/`) ||
    url.startsWith(`${SIMULATOR_PREFIX}/`)
  );
};

// Under test the simulator stands for every gateway, so every optional family (d払い) registers.
const ctx = setupTestApp();

describe('the route table is the contract (ADR 050)', () => {
  it('registers every endpoint of the contract and no API route besides', () => {
    const registered = new Set(
      ctx.app.logRedaction
        .routes()
        // Fastify adds a HEAD route beside each GET by itself.
        .filter((route) => route.method !== 'HEAD')
        .map((route) => `${route.method} ${route.url}`)
        .filter((route) => !notTheApi(route)),
    );
    const defined = new Set(
      ENDPOINT_LIST.map((endpoint) => `${endpoint.method} ${MOUNT_PREFIXES[endpoint.mount]}${endpoint.path}`),
    );
    expect(defined.size).toBe(ENDPOINT_LIST.length);
    expect(
      [...registered].filter((route) => !defined.has(route)).sort(),
      'registered, not in the contract',
    ).toEqual([]);
    expect(
      [...defined].filter((route) => !registered.has(route)).sort(),
      'in the contract, not registered',
    ).toEqual([]);
  });

  it('spells no route path in the server: routes are registered from the contract', () => {
    const src = fileURLToPath(new URL('../src/', import.meta.url));
    // Fastify's shorthands and `route(` on the names the server gives its instances, and any call or `url:`
    // with a path literal of its own; registerEndpoint is the API's one way in.
    const literal = /\b(?:app|api|site|fastify|carrier)\.(?:get|post|put|patch|delete|route)\(/;
    const pathLiteral = /\.(?:get|post|put|patch|delete|head|options|all|route)\(\s*['"`]\/|\burl:\s*['"`]\//;
    const allowed = [
      'plugins/register-endpoint.ts',
      'plugins/spa.ts',
      'plugins/console-spa.ts',
      'features/mail/dev-mail-page.ts',
      'features/partner-api/partner-docs-page.ts',
      'observability/health.ts',
      'app.ts',
    ];
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const offenders = walk(src)
      .map((file) => relative(src, file))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      // The simulator stands for other companies' servers: its paths are theirs, not the contract's.
      .filter((file) => !/^(?:features\/gateway-sim|domain\/payments\/simulator)\//.test(file))
      .filter((file) => !allowed.includes(file))
      .filter((file) => {
        const source = readFileSync(join(src, file), 'utf8');
        return literal.test(source) || pathLiteral.test(source);
      });
    expect(offenders).toEqual([]);
    // app.ts registers only the documentation route itself.
    const appSource = readFileSync(join(src, 'app.ts'), 'utf8');
    expect(appSource.match(new RegExp(literal.source, 'g'))).toHaveLength(1);
  });
});
