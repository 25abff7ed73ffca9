import { siteKey } from '../../../shared/storage/site-storage.ts';

/**
 * The gate key this device was given (ADR 030), per site, in localStorage: typed once, kept until staff
 * choose "Forget this device" or the server refuses it (revoked).
 */
const NAME = 'gate.key';

export function storedGateKey(): string | null {
  return localStorage.getItem(siteKey(NAME));
}

export function storeGateKey(key: string): void {
  localStorage.setItem(siteKey(NAME), key);
}

export function forgetGateKey(): void {
  localStorage.removeItem(siteKey(NAME));
}
