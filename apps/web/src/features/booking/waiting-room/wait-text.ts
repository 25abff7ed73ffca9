import type { TFunction } from 'i18next';

/**
 * The estimated wait in the visitor's language: "less than a minute" under a minute, else whole minutes
 * rounded up (a wait is better over-told than under-told); none yet while the server has no rate measured.
 */
export function estimatedWaitText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return t('waiting_room_estimate_unknown');
  if (seconds < 60) return t('waiting_room_estimate_soon');
  return t('waiting_room_estimate_minutes', { count: Math.ceil(seconds / 60) });
}
