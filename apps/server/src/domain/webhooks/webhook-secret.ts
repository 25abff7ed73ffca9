import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { SecretKeyring } from '../../config/secrets-key.ts';

/**
 * A subscription's signing secret (issue 30, ADR 087). The server signs every delivery with it, so it must
 * be able to read it: it is kept AES-256-GCM under SECRETS_KEY (the key that already guards `site_secrets`,
 * ADR 071), bound to the subscription's id, as `v1:<key id>:<base64 nonce|tag|ciphertext>`. Shown once, at
 * creation and at rotation; never in a read, a log or the audit log.
 */

const FORMAT = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A new secret: `whsec_` and 32 random bytes as base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

const additionalData = (subscriptionId: number) => Buffer.from(`webhook_secret:${subscriptionId}`, 'utf8');

export function sealWebhookSecret(keys: SecretKeyring, subscriptionId: number, secret: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, nonce);
  cipher.setAAD(additionalData(subscriptionId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${FORMAT}:${keys.current.id}:${Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

/** Opens a sealed secret with the key it names (SECRETS_KEY or a previous one); throws when it cannot. */
export function openWebhookSecret(keys: SecretKeyring, subscriptionId: number, stored: string): string {
  const [format, id, payload] = stored.split(':');
  const key = [keys.current, ...keys.previous].find((candidate) => candidate.id === id);
  if (format !== FORMAT || payload === undefined || !key)
    throw new Error(`webhook ${subscriptionId}: its secret cannot be opened with the configured keys`);
  const bytes = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(additionalData(subscriptionId));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/**
 * The `Kippu-Webhook-Signature` value: `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">` per secret, comma
 * separated (two during a rotation's grace period, the new one first).
 */
export function webhookSignature(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets
    .map((secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`)
    .join(',');
}
