import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { SalesChannel } from '@kippu/contract/enums';
import { paths } from '../routing/paths.ts';
import { siteJsonStorage } from '../storage/site-storage.ts';

/**
 * Whether this browser runs as the site's kiosk (issue 29, ADR 081): set by the kiosk's first screen from
 * `GET /kiosk/session`, which the server answers from the tablet's HttpOnly device cookie. Kept in
 * sessionStorage only so that a language change (a reload, ADR 037) stays in kiosk mode; the idle reset
 * clears it with everything else and the first screen asks the server again. It is a switch, never a key:
 * the server decides what a kiosk may do from its cookie.
 */
export type KioskState = { active: boolean; deviceName: string | null };

type KioskActions = { enter: (deviceName: string) => void; leave: () => void };

export const useKioskStore = create<KioskState & KioskActions>()(
  persist(
    (set) => ({
      active: false,
      deviceName: null,
      enter: (deviceName) => set({ active: true, deviceName }),
      leave: () => set({ active: false, deviceName: null }),
    }),
    { name: 'kiosk', storage: siteJsonStorage(() => sessionStorage) },
  ),
);

export const isKiosk = (): boolean => useKioskStore.getState().active;
export const useIsKiosk = (): boolean => useKioskStore((state) => state.active);

/** The channel a purchase of this browser sells on: the kiosk's own list of methods, cut-offs and products. */
export const salesChannel = (): Extract<SalesChannel, 'web' | 'kiosk'> => (isKiosk() ? 'kiosk' : 'web');

/** Where a finished purchase goes: the completion page, or on a kiosk its tickets as QR codes to print. */
export function completeHref(reservationToken: string): string {
  return isKiosk() ? paths.kioskTickets.getHref({ reservationToken }) : paths.complete.getHref();
}

/**
 * The `channel` query parameter of a catalogue call: none on the web (its addresses stay as the server's
 * answer cache knows them), `kiosk` on a kiosk (its products and its sale cut-off: a running slot sells).
 */
export const channelParam = (): { channel?: 'kiosk' } => (isKiosk() ? { channel: 'kiosk' } : {});
