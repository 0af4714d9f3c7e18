import { define, type Struct } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { isStateCode, type StateCode } from '../reference/states.ts';

/** A two-letter code of one of the 50 states or DC. */
export const stateCode: Struct<StateCode, null> = define<StateCode>('stateCode', (value) =>
  isStateCode(value) ? true : MESSAGES.state,
);
