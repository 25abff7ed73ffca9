import { loadScriptOnce } from './script-once.ts';

/**
 * The site's fraud-screening script (settings payment.deviceFingerprintScriptUrl, spec §3; ADR 101):
 * `DeviceFingerprint.profile(callback)` reports the device and answers its session id, which goes to our
 * server with the card token. Loaded on the payment screen (preload), asked right before tokenising.
 */
export type DeviceFingerprint = { profile(callback: (sessionId: string | null) => void): void };

declare global {
  interface Window {
    DeviceFingerprint?: DeviceFingerprint;
  }
}

/** The screening service answers at once; a slow one must not hold the visitor's payment. */
export const FINGERPRINT_TIMEOUT_MS = 5_000;
const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

const scriptOf = (url: string) => loadScriptOnce(url, () => window.DeviceFingerprint);

/** Starts loading the script (the payment screen shows a method that uses it). */
export function preloadDeviceFingerprint(url: string): void {
  scriptOf(url).catch(() => undefined);
}

/**
 * The device session id the script yields, or undefined when it cannot be had in time (the payment goes on
 * without it: screening is the processor's, and it scores an unprofiled payment as such).
 */
export async function deviceSessionId(url: string): Promise<string | undefined> {
  try {
    const fingerprint = await scriptOf(url);
    return await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), FINGERPRINT_TIMEOUT_MS);
      fingerprint.profile((id) => {
        clearTimeout(timer);
        resolve(id && SESSION_ID.test(id) ? id : undefined);
      });
    });
  } catch {
    return undefined;
  }
}
