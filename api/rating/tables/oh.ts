import { stateTable } from './common.ts';

export const OH = stateTable({
  state: 'OH',
  effectiveDate: '2025-01-01',
  notes:
    'Ohio: minimum 25/50/25. One of the cheaper states to insure a car; Cleveland and Columbus above the ' +
    'rest.',
  relativities: { liability: 0.8, uninsured: 0.9, medical: 0.9, comprehensive: 0.85, collision: 0.9, rental: 0.95 },
  territory: {
    other: 0.92,
    byZipPrefix: {
      '430': 1.05, '431': 1.0, '432': 1.08, '433': 0.9, '434': 1.0, '435': 0.95, '436': 1.02, '437': 0.88,
      '438': 0.88, '439': 0.88, '440': 1.1, '441': 1.18, '442': 1.0, '443': 1.0, '444': 1.0, '445': 1.0,
      '446': 0.92, '447': 0.92, '448': 0.9, '449': 0.9, '450': 1.0, '451': 1.0, '452': 1.08, '453': 1.0,
      '454': 1.0, '455': 0.95, '456': 0.88, '457': 0.88, '458': 0.88,
    },
  },
});
