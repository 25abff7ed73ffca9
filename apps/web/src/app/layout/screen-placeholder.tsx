/** Holds the hero's space while a screen's chunk loads, so nothing shifts when it arrives. */
export function ScreenPlaceholder() {
  return (
    <div className="screen-placeholder" aria-hidden="true">
      <div className="screen-placeholder__line" />
    </div>
  );
}
