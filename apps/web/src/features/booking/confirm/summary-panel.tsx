import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A card of the confirm screen: a titled summary of one earlier step and, where that step can be
 * revisited, its change link (`?ref=c`, spec §2) beside the title. The link's name says what it changes
 * ("Change tickets"); its visible word is the short "Change", which that name contains.
 */
export function SummaryPanel({
  id,
  title,
  edit,
  children,
}: {
  id: string;
  title: string;
  edit?: { href: string; label: string; text: string };
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section className="checkout-panel confirm-panel" id={id} aria-labelledby={headingId}>
      <div className="confirm-panel__head">
        <h2 id={headingId} className="checkout-panel__title confirm-panel__title">
          {title}
        </h2>
        {edit ? (
          <Link className="confirm-panel__edit" to={edit.href} aria-label={edit.label}>
            {edit.text}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
