import { stateTable } from './common.ts';

export const OR = stateTable({
  state: 'OR',
  effectiveDate: '2025-01-01',
  notes:
    'Oregon: minimum 25/50/20 with PIP 15,000 and UM 25/50 required; medical payments are labelled Personal ' +
    'Injury Protection (doc 3). Mild weather keeps comprehensive low. Glass coverage YES is added to the ' +
    'request.',
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
