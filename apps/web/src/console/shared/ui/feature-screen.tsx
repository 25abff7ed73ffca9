import type { ComponentType } from 'react';
import { WithFeatureTexts, type FeatureTexts } from '../i18n/feature-texts.tsx';
import type { ConsoleSession } from '../session/session-api.ts';

/** What the shell hands every signed-in screen (app/screens.tsx). */
export interface FeatureScreenProps {
  session: ConsoleSession;
  params: Record<string, string>;
  query: URLSearchParams;
}

/**
 * A screen whose body needs its feature's texts: `export const XScreen = featureScreen(TEXTS, Body)`. The
 * texts load with the screen (WithFeatureTexts suspends until they have come) and the body gets the props.
 */
export function featureScreen<P extends object = FeatureScreenProps>(
  texts: FeatureTexts,
  Body: ComponentType<P>,
): (props: P) => React.JSX.Element {
  return function FeatureScreen(props: P) {
    return (
      <WithFeatureTexts texts={texts}>
        <Body {...props} />
      </WithFeatureTexts>
    );
  };
}
