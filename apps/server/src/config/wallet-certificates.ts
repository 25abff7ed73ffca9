import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The Apple Wallet variables (ADR 025), spread into env.ts's schema: declared here, beside the code that reads
 * them, so env.ts imports this file and nothing here imports env.ts back (ADR 062: no import cycles).
 * All of the pass type id, team id, signer certificate and key and Apple's WWDR certificate, or none (then the
 * ticket page offers no pass). Certificates and key are PEM contents or paths to PEM files.
 */
export const walletEnvSchema = z.object({
  WALLET_PASS_TYPE_ID: z.string().min(1).optional(),
  WALLET_TEAM_ID: z.string().min(1).optional(),
  WALLET_SIGNER_CERT: z.string().min(1).optional(),
  WALLET_SIGNER_KEY: z.string().min(1).optional(),
  WALLET_SIGNER_KEY_PASSPHRASE: z.string().optional(),
  WALLET_WWDR_CERT: z.string().min(1).optional(),
});

export type WalletEnv = z.infer<typeof walletEnvSchema>;

/** What signs an Apple Wallet pass (ADR 025): identifiers and PEM texts, read from the environment. */
export interface WalletCertificates {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
}

const REQUIRED = [
  'WALLET_PASS_TYPE_ID',
  'WALLET_TEAM_ID',
  'WALLET_SIGNER_CERT',
  'WALLET_SIGNER_KEY',
  'WALLET_WWDR_CERT',
] as const;

// Files are read once per value: a pass is built on every download, the certificates change only on restart.
const pemCache = new Map<string, string>();

/** A PEM given inline (`-----BEGIN ...`, `\n` escapes allowed for one-line variables) or as a file path. */
function pem(name: string, value: string): string {
  const cached = pemCache.get(value);
  if (cached) return cached;
  let text: string;
  if (value.includes('-----BEGIN')) {
    text = value.replace(/\\n/g, '\n');
  } else {
    if (!existsSync(value)) {
      throw new Error(`Invalid configuration:\n  ${name}: no PEM text and no file at ${value}`);
    }
    text = readFileSync(value, 'utf8');
    if (!text.includes('-----BEGIN')) {
      throw new Error(`Invalid configuration:\n  ${name}: ${value} is not a PEM file`);
    }
  }
  pemCache.set(value, text);
  return text;
}

/**
 * The signing material when the operator configured Apple Wallet, else undefined. A partial configuration is
 * a mistake, not "off": it stops the start (loadEnv calls this once) naming what is missing.
 */
export function walletCertificates(env: WalletEnv): WalletCertificates | undefined {
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length === REQUIRED.length) return undefined;
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n  ${missing.join(', ')}: Apple Wallet needs all of ${REQUIRED.join(', ')} (or none)`,
    );
  }
  return {
    passTypeIdentifier: env.WALLET_PASS_TYPE_ID!,
    teamIdentifier: env.WALLET_TEAM_ID!,
    signerCert: pem('WALLET_SIGNER_CERT', env.WALLET_SIGNER_CERT!),
    signerKey: pem('WALLET_SIGNER_KEY', env.WALLET_SIGNER_KEY!),
    signerKeyPassphrase: env.WALLET_SIGNER_KEY_PASSPHRASE || undefined,
    wwdr: pem('WALLET_WWDR_CERT', env.WALLET_WWDR_CERT!),
  };
}
