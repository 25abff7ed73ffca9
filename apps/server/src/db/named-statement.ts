/**
 * A statement whose values are named instead of counted (ADR 051). `build` writes the SQL once, at module
 * load, with `v.name` where a value goes; each name becomes one `$n` (numbered by first use, so a name used
 * twice binds one value), and `values({...})` lays a call's values out in that order. The text is a
 * constant: pg sends the same statement as a hand-numbered one would, so the plan is the same, and a call
 * costs one array of values. TypeScript checks the names in the SQL and the values given against `V`.
 */
export interface NamedStatement<V extends Record<string, unknown>> {
  readonly text: string;
  values(values: V): unknown[];
}

export function namedStatement<V extends Record<string, unknown>>(
  build: (v: { readonly [K in keyof V]: string }) => string,
): NamedStatement<V> {
  const order: string[] = [];
  const placeholders = new Proxy({} as { readonly [K in keyof V]: string }, {
    get(_target, name) {
      if (typeof name !== 'string') throw new Error('namedStatement: a value is named by a string');
      const index = order.indexOf(name);
      return `$${index === -1 ? order.push(name) : index + 1}`;
    },
  });
  const text = build(placeholders);
  return {
    text,
    values(values) {
      // A value the SQL never names would be dropped without a word: a mistake worth a loud failure.
      if (Object.keys(values).length !== order.length) {
        const unused = Object.keys(values).filter((name) => !order.includes(name));
        throw new Error(`namedStatement: values the statement does not use: ${unused.join(', ')}`);
      }
      return order.map((name) => values[name]);
    },
  };
}
