import { stateTable } from './common.ts';

export const GA = stateTable({
  state: 'GA',
  effectiveDate: '2025-01-01',
  notes:
    'Georgia: minimum 25/50/25. Uninsured motorist coverage is sold Added On (pays on top of the at-fault ' +
    'driver’s limits, dearer) or Reduced By. Metro Atlanta dominates losses. Default PIP $2,000 (doc 3).',
  relativities: { liability: 1.2, uninsured: 1.3, medical: 1.0, comprehensive: 1.05, collision: 1.1, rental: 1.05 },
  territory: {
    other: 0.95,
    byZipPrefix: {
      '300': 1.22, '301': 1.15, '302': 1.2, '303': 1.28, '304': 0.9, '305': 0.95, '306': 0.95, '307': 0.9,
      '308': 1.0, '309': 1.0, '310': 1.0, '312': 1.0, '313': 1.05, '314': 1.05, '315': 0.9, '316': 0.9,
      '317': 0.92, '318': 0.95, '319': 0.95,
    },
  },
});
