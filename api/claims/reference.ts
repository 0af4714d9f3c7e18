import { randomInt } from 'node:crypto';
import { CLAIM_REFERENCE_ALPHABET } from '../../contract/index.ts';

/**
 * A new claim reference, CLM-7Q4K-9M2P: eight characters from a CSPRNG over an alphabet without look-alikes
 * (contract CLAIM_REFERENCE_ALPHABET, 23 characters: about 36 bits), so a claimant can read it on the phone.
 * It names the claim, it opens nothing: uniqueness is the database's (claims.reference UNIQUE).
 */
export function newClaimReference(): string {
  const pick = () => CLAIM_REFERENCE_ALPHABET[randomInt(CLAIM_REFERENCE_ALPHABET.length)];
  const group = () => Array.from({ length: 4 }, pick).join('');
  return `CLM-${group()}-${group()}`;
}
