import { stateTable } from './common.ts';

export const CO = stateTable({
  state: 'CO',
  effectiveDate: '2025-01-01',
  notes:
    'Colorado: minimum 25/50/15. The Front Range is among the most hail-struck places in the US, so ' +
    'comprehensive runs well above the countrywide rate; many drivers are uninsured. Glass coverage YES is ' +
    'added to the request (doc 3 section 9).',
  relativities: { liability: 1.05, uninsured: 1.3, medical: 1.0, comprehensive: 1.5, collision: 1.05, rental: 1.05 },
  territory: {
    other: 0.95,
    byZipPrefix: {
      '800': 1.2, '801': 1.15, '802': 1.22, '803': 1.05, '804': 1.05, '805': 1.0, '806': 1.0, '807': 0.9,
      '808': 1.05, '809': 1.05, '810': 1.05, '811': 0.85, '812': 0.85, '813': 0.85, '814': 0.86, '815': 0.86,
      '816': 0.9,
    },
  },
});
