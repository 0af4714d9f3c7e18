/** Every rate table, by state, oldest first. A new version is a new file added to its state's list. */
import type { RateTable } from '../table.ts';
import { AZ } from './az.ts';
import { CA } from './ca.ts';
import { CO } from './co.ts';
import { FL } from './fl.ts';
import { GA } from './ga.ts';
import { OH } from './oh.ts';
import { OR } from './or.ts';
import { PA } from './pa.ts';
import { TN } from './tn.ts';
import { TX } from './tx.ts';
import { WI } from './wi.ts';

export const RATE_TABLES: Readonly<Record<string, readonly RateTable[]>> = {
  AZ: [AZ], CA: [CA], CO: [CO], FL: [FL], GA: [GA], OH: [OH], OR: [OR], PA: [PA], TN: [TN], TX: [TX], WI: [WI],
};
