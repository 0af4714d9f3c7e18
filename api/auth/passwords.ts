/**
 * Account passwords, hashed with argon2id at DESIGN.md's parameters (OWASP's first argon2id setting:
 * 19 MiB of memory, 2 passes, 1 lane). The stored string is the PHC format
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`: it carries its own salt and parameters, so raising the
 * cost later needs no migration (`needsRehash` says which hashes to renew at the next sign-in).
 *
 * @node-rs/argon2 runs the work on libuv's thread pool, so a hash (tens of milliseconds) never blocks the
 * event loop.
 */
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** argon2id; a `const enum` in the package's types, which type stripping cannot read, so written as its value. */
const ARGON2ID = 2 as Algorithm;

const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/** The PHC prefix every hash made with today's parameters starts with. */
export const PASSWORD_HASH_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** True when `password` is the one `stored` was made from. A malformed stored hash is a plain no. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password nobody knows, made once per process on first use. Verifying against it when
 * no account has the address costs what a real verify costs (same parameters), so a sign-in's answer time
 * does not tell whether an account exists (DESIGN.md: same answer, status and timing).
 */
let dummyHash: Promise<string> | null = null;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}

/**
 * Verifies against the account's hash, or against the dummy hash when there is no account (`stored` null):
 * always one full argon2id verify, and false for a missing account whatever the password.
 */
export async function verifyPasswordOrDummy(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    await verifyPassword(await dummy(), password);
    return false;
  }
  return verifyPassword(stored, password);
}

/** True when `stored` was made with other parameters than today's (renew it at the next good sign-in). */
export function needsRehash(stored: string): boolean {
  try {
    const options = parseOptions(stored);
    return (
      options.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      options.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
      options.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
      options.parallelism !== PASSWORD_HASH_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}
