import type { ReactNode } from 'react';

/** A white card of the moved-visit page, titled when given one. */
export function MovedVisitPanel({
  title,
  id,
  children,
}: {
  title?: string;
  id?: string;
  children: ReactNode;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section className="moved-visit-panel" aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <h2 id={headingId} className="moved-visit-panel__title">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
