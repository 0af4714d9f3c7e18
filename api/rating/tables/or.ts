/**
 * Oregon rate table. Relativities scale the countrywide base rates (./common.ts) per coverage group;
 * territory factors are by the first three digits of the garaging ZIP. README "Rate tables" explains both.
 */
import { UNLIMITED_STATES } from '../../../contract/index.ts';
import { stateTable } from './common.ts';

export const OR = stateTable({
  state: 'OR',
  version: 'OR-2025-01-01.1',
  effectiveDate: '2025-01-01',
  notes:
    'Oregon: minimum 25/50/20 with PIP 15,000 and UM 25/50 required; medical payments are labelled Personal ' +
    'Injury Protection (doc 3). Mild weather keeps comprehensive low. Glass coverage YES is added to the ' +
    'request.',
  unlimitedOffered: (UNLIMITED_STATES as readonly string[]).includes('OR'),
  relativities: { liability: 0.95, uninsured: 1.0, medical: 1.0, comprehensive: 0.8, collision: 0.95, rental: 1.0 },
  coverageRelativities: { PIP: 1.1 },
  territory: {
    other: 0.92,
    byZipPrefix: {
      '970': 1.1, '971': 1.12, '972': 1.18, '973': 1.0, '974': 0.98, '975': 0.95, '976': 0.9, '977': 0.92,
      '978': 0.88, '979': 0.88,
    },
  },
});
