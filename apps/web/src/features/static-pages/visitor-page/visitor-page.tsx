import type { ReactNode } from 'react';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import './visitor-page.css';

/**
 * The frame of the after-purchase pages a visitor reaches from a mail or the footer (reservation inquiry,
 * mail-magazine release): the hero title, an introduction, and one card in a narrow column.
 */
export function VisitorPage({
  testId,
  title,
  intro,
  children,
}: {
  testId: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <ScreenHero title={title} />
      <div className="visitor-page">
        {intro ? <p className="visitor-page__intro">{intro}</p> : null}
        <section className="visitor-page__panel">{children}</section>
      </div>
    </div>
  );
}
