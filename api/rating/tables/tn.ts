import { stateTable } from './common.ts';

export const TN = stateTable({
  state: 'TN',
  effectiveDate: '2025-01-01',
  notes:
    'Tennessee: minimum 25/50/25. Memphis carries the state’s highest losses; many uninsured drivers.',
  relativities: { liability: 0.85, uninsured: 1.2, medical: 0.9, comprehensive: 1.0, collision: 0.95, rental: 1.0 },
  territory: {
    other: 0.92,
    byZipPrefix: {
      '370': 1.08, '371': 1.08, '372': 1.15, '373': 1.0, '374': 1.02, '376': 0.88, '377': 0.92, '378': 0.9,
      '379': 0.95, '380': 1.2, '381': 1.3, '382': 0.9, '383': 0.9, '384': 0.9, '385': 0.88,
    },
  },
});
