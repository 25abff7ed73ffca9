/**
 * Fills single-brace placeholders ({field}, {length}, {count}) as the texts table writes them.
 * An unknown placeholder is left as it is, so a missing parameter shows up instead of vanishing.
 */
export function fillPlaceholders(
  template: string,
  params: Readonly<Record<string, string | number>>,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
