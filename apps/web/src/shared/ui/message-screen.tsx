import type { ReactNode } from 'react';
import { ScreenHero } from './screen-hero.tsx';
import './message-screen.css';

/** A screen that only says something: the hero's title, one message card, and the way on (`action`). */
export function MessageScreen({
  testId,
  title,
  text,
  action,
}: {
  testId: string;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <ScreenHero title={title} />
      <div className="message-panel">
        <p className="message-panel__text">{text}</p>
        {action}
      </div>
    </div>
  );
}
