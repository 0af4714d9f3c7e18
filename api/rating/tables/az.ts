import { stateTable } from './common.ts';

export const AZ = stateTable({
  state: 'AZ',
  effectiveDate: '2025-01-01',
  notes:
    'Arizona: minimum 25/50/15. Phoenix and its suburbs carry most of the losses; monsoon hail and dust ' +
    'storms lift comprehensive. Insurance scores allowed.',
  relativities: { liability: 1.0, uninsured: 1.0, medical: 1.0, comprehensive: 1.1, collision: 1.0, rental: 1.0 },
  territory: {
    other: 0.92,
    byZipPrefix: {
      '850': 1.18, '851': 1.0, '852': 1.08, '853': 1.05, '855': 0.85, '856': 0.86, '857': 0.98, '859': 0.82,
      '860': 0.85, '863': 0.84, '864': 0.86, '865': 0.84,
    },
  },
});
