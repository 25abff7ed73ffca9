import type { ReactNode } from 'react';
import { useCoreStore } from '../stores/core-store.ts';
import { useActiveLang } from '../hooks/use-active-lang.ts';
import './screen-hero.css';

/** The title area every screen starts with: the site's name above the screen's heading. */
export function ScreenHero({ title, children }: { title: string; children?: ReactNode }) {
  const lang = useActiveLang();
  const siteName = useCoreStore((state) => state.configuration?.settings.name[lang]);
  return (
    <section className="screen-hero" aria-labelledby="screen-title">
      <div className="screen-hero__inner">
        {siteName ? <p className="screen-hero__eyebrow">{siteName}</p> : null}
        <h1 id="screen-title" className="screen-hero__title" tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
