import type { ReactNode } from 'react';

/**
 * One numbered step of the order form as an accordion panel (WAI-ARIA accordion: a heading whose
 * button toggles the panel). Closed, the header shows what was chosen; a step whose earlier steps
 * are not done yet is locked and says what to do first.
 */
export function OrderSection({
  id,
  number,
  title,
  summary,
  lockedHint,
  open,
  onToggle,
  children,
}: {
  id: string;
  number: number;
  title: string;
  /** What was chosen, shown while closed. */
  summary?: string | null;
  /** Set while the step cannot be used yet: the reason, shown instead of the panel. */
  lockedHint?: string | null;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}) {
  const locked = !!lockedHint;
  const expanded = open && !locked;
  const done = !!summary;
  return (
    <section
      className={`order-section${expanded ? ' order-section--open' : ''}${locked ? ' order-section--locked' : ''}${done ? ' order-section--done' : ''}`}
      aria-labelledby={`${id}-heading`}
    >
      <h2 className="order-section__heading" id={`${id}-heading`}>
        <button
          type="button"
          className="order-section__toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          aria-disabled={locked}
          onClick={() => !locked && onToggle(!open)}
        >
          <span className="order-section__number" aria-hidden="true">
            {done && !expanded ? <span className="order-icon-tick" /> : number}
          </span>
          <span className="order-section__titles">
            <span className="order-section__title">{title}</span>
            {!expanded && (summary || lockedHint) ? (
              <span className="order-section__summary">{summary ?? lockedHint}</span>
            ) : null}
          </span>
          {locked ? null : <span className="order-section__chevron" aria-hidden="true" />}
        </button>
      </h2>
      <div id={`${id}-panel`} className="order-section__panel" hidden={!expanded}>
        {expanded ? children : null}
      </div>
    </section>
  );
}
