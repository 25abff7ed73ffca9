import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { walletCertificates } from './wallet-certificates.ts';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const FULL = {
  WALLET_PASS_TYPE_ID: 'pass.example.kippu',
  WALLET_TEAM_ID: 'TEAM123456',
  WALLET_SIGNER_CERT: PEM,
  WALLET_SIGNER_KEY: PEM.replaceAll('CERTIFICATE', 'PRIVATE KEY'),
  WALLET_WWDR_CERT: PEM,
};

describe('Apple Wallet configuration', () => {
  it('is off when nothing is set', () => {
    expect(walletCertificates(loadEnv({}))).toBeUndefined();
  });

  it('stops the start when only some variables are set, naming the missing ones', () => {
    expect(() =>
      loadEnv({ WALLET_PASS_TYPE_ID: 'pass.example.kippu', WALLET_TEAM_ID: 'TEAM123456' }),
    ).toThrow(/WALLET_SIGNER_CERT, WALLET_SIGNER_KEY, WALLET_WWDR_CERT: Apple Wallet needs all/);
  });

  it('takes PEM texts inline (with \\n escapes) or from files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kippu-wallet-'));
    const keyFile = join(dir, 'key.pem');
    writeFileSync(keyFile, FULL.WALLET_SIGNER_KEY);
    const certificates = walletCertificates(
      loadEnv({ ...FULL, WALLET_SIGNER_CERT: PEM.replaceAll('\n', '\\n'), WALLET_SIGNER_KEY: keyFile }),
    );
    expect(certificates).toMatchObject({
      passTypeIdentifier: 'pass.example.kippu',
      teamIdentifier: 'TEAM123456',
      signerCert: PEM,
      signerKey: FULL.WALLET_SIGNER_KEY,
      wwdr: PEM,
    });
  });

  it('refuses a missing file or a file that is not PEM', () => {
    expect(() => loadEnv({ ...FULL, WALLET_WWDR_CERT: '/nonexistent/wwdr.pem' })).toThrow(
      /WALLET_WWDR_CERT: no PEM text and no file at \/nonexistent\/wwdr.pem/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'kippu-wallet-'));
    const der = join(dir, 'wwdr.cer');
    writeFileSync(der, Buffer.from([0x30, 0x82, 0x01]));
    expect(() => loadEnv({ ...FULL, WALLET_WWDR_CERT: der })).toThrow(
      /WALLET_WWDR_CERT: .* is not a PEM file/,
    );
  });
});
