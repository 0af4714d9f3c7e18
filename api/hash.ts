import { createHash } from 'node:crypto';

/**
 * SHA-256 in hex: what every stored fingerprint of ours is (tokens, idempotency and rate-limit keys, the
 * documents' hashes the e-signature names, S3's payload hashes). One function, so they are made alike.
 */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
