/**
 * A route of the console's API (mount `console`, under `CONSOLE_API_PATH`). Kept apart from `routes.ts` so
 * each console area lists its routes in a file of its own (`*-routes.ts`) without a cycle back to it.
 */
export const consoleRoute = <
  const N extends `console${string}`,
  const M extends 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  const P extends string,
>(
  name: N,
  method: M,
  path: P,
  extra: { idempotent?: true } = {},
) => ({ name, method, path, mount: 'console' as const, ...extra });
