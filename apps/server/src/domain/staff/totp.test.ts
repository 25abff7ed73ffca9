import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode } from '../../shared/base32.ts';
import { hotp, matchTotp, otpauthUri, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890", 8 digits, 30-second steps.
const RFC_SEED = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i seconds the code is %s', (seconds, code) => {
    expect(totpCode(RFC_SEED, new Date(seconds * 1000), 8)).toBe(code);
  });

  it('HOTP of RFC 4226 appendix D', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    expect([0, 1, 2, 9].map((counter) => hotp(key, counter))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });

  it('base32 round-trips', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it('accepts the step before and after now, not two away, and never the same step twice', () => {
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    const at = (offset: number) => new Date(now.getTime() + offset * 30_000);
    expect(matchTotp(RFC_SEED, totpCode(RFC_SEED, at(-1)), now, null)).toBe(step - 1);
    expect(matchTotp(RFC_SEED, totpCode(RFC_SEED, at(1)), now, null)).toBe(step + 1);
    expect(matchTotp(RFC_SEED, totpCode(RFC_SEED, at(-2)), now, null)).toBeNull();
    const code = totpCode(RFC_SEED, now);
    expect(matchTotp(RFC_SEED, code, now, null)).toBe(step);
    // The replay: the step was used (or a later one).
    expect(matchTotp(RFC_SEED, code, now, step)).toBeNull();
    expect(matchTotp(RFC_SEED, 'abcdef', now, null)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXP', 'owner@demo.kippu.test');
    expect(uri).toBe(
      'otpauth://totp/Kippu:owner%40demo.kippu.test?secret=JBSWY3DPEHPK3PXP&issuer=Kippu&algorithm=SHA1&digits=6&period=30',
    );
  });
});
