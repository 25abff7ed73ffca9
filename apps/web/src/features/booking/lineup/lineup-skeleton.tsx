/** Card-shaped placeholders with the real cards' size, so the page does not jump when they arrive. */
export function LineupSkeleton({ count = 3 }: { count?: number }) {
  return (
    <ul className="lineup__grid" aria-hidden="true" data-testid="lineup-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="product-card product-card--skeleton">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--entry" />
          <span className="skeleton skeleton--summary" />
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--text skeleton--short" />
          <span className="skeleton skeleton--row" />
          <span className="skeleton skeleton--row" />
          <span className="skeleton skeleton--row" />
        </li>
      ))}
    </ul>
  );
}
