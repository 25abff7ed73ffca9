/**
 * A route of the console's API (mount `console`, under `CONSOLE_API_PATH`). Kept apart from `routes.ts` so
 * each console area lists its routes in a file of its own (`*-routes.ts`) without a cycle back to it.
 */
/* @__NO_SIDE_EFFECTS__ */
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

/**
 * The areas' route lists as one. Declared free of side effects like `consoleRoute` (an array spread at module
 * level is not, to a bundler): a bundle that reaches the lists through `defineEndpoint` but reads no console
 * route, every visitor page, drops them all.
 */
/* @__NO_SIDE_EFFECTS__ */
export function joinRoutes<const L extends readonly (readonly unknown[])[]>(
  ...lists: L
): readonly L[number][number][] {
  return lists.flat() as L[number][number][];
}
