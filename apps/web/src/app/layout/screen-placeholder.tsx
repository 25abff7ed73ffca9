// Styles: ../../shared/ui/screen-hero.css, one of the page's own (src/main.ts).

/**
 * Holds the hero's space while a screen's chunk loads, so nothing shifts when it arrives: it is built from
 * the hero's own boxes (padding and one title line), not from a height kept in step by hand.
 */
export function ScreenPlaceholder() {
  return (
    <div className="screen-hero" aria-hidden="true">
      <div className="screen-hero__inner">
        <div className="screen-hero__title">
          <span className="screen-placeholder__line" />
        </div>
      </div>
    </div>
  );
}
