import { stateTable } from './common.ts';

export const WI = stateTable({
  state: 'WI',
  effectiveDate: '2025-01-01',
  notes:
    'Wisconsin: minimum 25/50/10 with UM 25/50 and medical payments 1,000; combined single limits of $125,000 ' +
    'are offered. Among the cheapest states; Milwaukee above the rest.',
  relativities: { liability: 0.75, uninsured: 0.8, medical: 0.9, comprehensive: 0.85, collision: 0.85, rental: 0.95 },
  territory: {
    other: 0.9,
    byZipPrefix: {
      '530': 1.18, '531': 1.1, '532': 1.25, '534': 1.05, '535': 0.95, '537': 0.95, '538': 0.88, '539': 0.88,
      '540': 0.85, '541': 0.9, '542': 0.9, '543': 0.92, '544': 0.85, '545': 0.85, '546': 0.88, '547': 0.88,
      '548': 0.85, '549': 0.9,
    },
  },
});
