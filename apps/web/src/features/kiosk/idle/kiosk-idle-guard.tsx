import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useRequestStore } from '../../../shared/stores/request-store.ts';
import { IdleCountdownDialog } from './idle-countdown-dialog.tsx';
import { resetKioskVisit, type KioskResetDeps } from './reset-kiosk-visit.ts';
import { useIdleCountdown } from './use-idle-countdown.ts';
import '../kiosk.css';

/** A minute without a touch resets the kiosk; the last 15 seconds are counted down on screen (ADR 081). */
export const KIOSK_IDLE_MS = 60_000;
export const KIOSK_WARN_MS = 15_000;

/** Used by the kiosk's tickets screen's "done" too: the same reset, at once. */
export function useKioskReset(reopenIn?: KioskResetDeps['reopenIn']): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const activeLang = useActiveLang();
  return () => resetKioskVisit({ queryClient, navigate, activeLang, reopenIn });
}

/**
 * Mounted by the app on every screen but the first while this browser is a kiosk: after a minute idle it
 * resets the visit. A write in flight (a checkout on its way) holds the countdown off until it answers, so a
 * paying visitor is never reset mid-request; an order left unpaid is given back by the reset.
 */
export default function KioskIdleGuard({ reopenIn }: { reopenIn?: KioskResetDeps['reopenIn'] }) {
  const reset = useKioskReset(reopenIn);
  const { remaining, keepGoing } = useIdleCountdown({
    idleMs: KIOSK_IDLE_MS,
    warnMs: KIOSK_WARN_MS,
    onExpire: reset,
    isBusy: () => useRequestStore.getState().requesting > 0,
  });
  return remaining === null ? null : (
    <IdleCountdownDialog
      remaining={remaining}
      onContinue={keepGoing}
      onStartOver={() => {
        keepGoing();
        reset();
      }}
    />
  );
}
