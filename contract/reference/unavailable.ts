// Its own module, not in states.ts: the state lists ride in every embed's shared chunk, this only in
// quote-start's (and the server's).
import { NOT_WRITING_STATES, WRITING_STATES, inStates, stateName } from './states.ts';

/**
 * Where a start-quote choice of a state we do not write in leads (doc 1 "Homepage"): CA, IL, PA, WI to the
 * not-writing page (with the state, so its sign-up form prefills), any other state to /unavailable/{its
 * name}. No state, a state we write in, or a value that is no state: null, the quote goes on.
 * A bare `not-writing` key, as the spec's route table writes it, not `not-writing=`.
 */
export function unavailablePath(state: string): string | null {
  const code = state.trim().toUpperCase();
  if (code === '' || inStates(WRITING_STATES, code)) return null;
  if (inStates(NOT_WRITING_STATES, code)) return `/unavailable?not-writing&state=${code}`;
  const name = stateName(code);
  return name === undefined ? null : `/unavailable/${encodeURIComponent(name)}`;
}
