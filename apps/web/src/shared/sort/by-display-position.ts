/** Comparator for the server's lists that carry their own order (products, ticket types, languages). */
export const byDisplayPosition = <T extends { display_position: number }>(a: T, b: T) =>
  a.display_position - b.display_position;
