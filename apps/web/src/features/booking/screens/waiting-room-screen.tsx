import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { StepIndicator } from '../steps/step-indicator.tsx';
import { readPendingOrder } from '../waiting-room/pending-order.ts';
import { WaitingRoom } from '../waiting-room/waiting-room.tsx';

/**
 * The waiting room (`/waiting-room`, ADR 096): where the order step sends a visitor whose product's queue is
 * in force. What they asked to hold is kept in this tab's session storage; without it (a new tab, a link
 * passed on) there is nothing to wait for and the visitor chooses on the order screen.
 */
export default function WaitingRoomScreen() {
  const { t } = useTranslation();
  const [pending] = useState(readPendingOrder);
  if (!pending) return <Navigate to={paths.order.getHref()} replace />;
  return (
    <>
      <ScreenHero title={t('screen_waiting_room_title')} />
      <StepIndicator current="order" />
      <WaitingRoom pending={pending} />
    </>
  );
}
