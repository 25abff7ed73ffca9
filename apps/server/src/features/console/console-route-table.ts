import type { FastifyInstance } from 'fastify';
import { CONSOLE_API_PATH } from '@kippu/contract';
import type { ConsoleAccess } from './console-endpoint.ts';

/** A route under the console's API with what it declared it needs (undefined: nothing, a hole). */
export interface ConsoleRouteEntry {
  method: string;
  url: string;
  access: ConsoleAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under /console/api/v1, whoever registered it (the access test reads it). */
    consoleRouteTable: readonly ConsoleRouteEntry[];
  }
}

/**
 * Watches every route as it is registered, at the root, so a console route added anywhere (not only through
 * registerConsoleEndpoint in the console's scope) is listed with its declaration. Call before any route.
 */
export function collectConsoleRoutes(app: FastifyInstance): void {
  const table: ConsoleRouteEntry[] = [];
  app.decorate('consoleRouteTable', table);
  app.addHook('onRoute', (route) => {
    if (route.url !== CONSOLE_API_PATH && !route.url.startsWith(`${CONSOLE_API_PATH}/`)) return;
    const access = (route.config as { consoleAccess?: ConsoleAccess } | undefined)?.consoleAccess;
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });
}

/** The console routes that declare no access: must be none (ADR 064). */
export function undeclaredConsoleRoutes(table: readonly ConsoleRouteEntry[]): string[] {
  return table.filter((entry) => entry.access === undefined).map((entry) => `${entry.method} ${entry.url}`);
}
