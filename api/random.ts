/**
 * Bytes from the CSPRNG, drawn from a pool that one randomFillSync call fills 4 KiB at a time. On the machines
 * we measure, each crypto.randomBytes call costs about 7 us (a call into OpenSSL's generator every time), and a
 * quote drew ten of them: its number, its link's token, the e-mail's Message-ID and boundaries and the outbox
 * file's name (issue 25). Node's own randomUUID keeps such a pool for the same reason. Every byte is handed
 * out once and copied out of the pool, so no two callers ever share one.
 */
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/** `count` bytes from the CSPRNG, a copy of its own. */
export function secureRandomBytes(count: number): Buffer {
  if (count > POOL_BYTES) return randomFillSync(Buffer.alloc(count));
  if (used + count > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + count));
  // spent bytes are overwritten, so the pool never holds what was handed out
  pool.fill(0, used, used + count);
  used += count;
  return bytes;
}
