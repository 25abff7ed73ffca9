import type { ReactNode } from 'react';
// Styles: ./screen-hero.css, one of the page's own (src/main.ts).

/**
 * The title area every screen starts with. The site's name is not repeated here: the header's logo and
 * the footer already carry it, so the hero leads with the screen's own heading.
 */
export function ScreenHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="screen-hero" aria-labelledby="screen-title">
      <div className="screen-hero__inner">
        <h1 id="screen-title" className="screen-hero__title" tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
