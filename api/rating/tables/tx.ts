import { stateTable } from './common.ts';

export const TX = stateTable({
  state: 'TX',
  effectiveDate: '2025-01-01',
  notes:
    'Texas: minimum 30/60/25. Hail in the Dallas-Fort Worth corridor and flooding on the Gulf Coast lift ' +
    'comprehensive; Houston and the Rio Grande Valley lead liability losses. Card payments carry a ' +
    'convenience fee instead of the card fee (contract/reference/fees.ts).',
  relativities: { liability: 1.05, uninsured: 1.2, medical: 1.0, comprehensive: 1.35, collision: 1.1, rental: 1.05 },
  territory: {
    other: 0.95,
    byZipPrefix: {
      '750': 1.15, '751': 1.2, '752': 1.22, '753': 1.2, '754': 0.95, '755': 0.9, '756': 0.95, '757': 0.95,
      '758': 0.9, '759': 0.9, '760': 1.1, '761': 1.12, '762': 1.0, '763': 0.92, '764': 0.9, '765': 0.92,
      '766': 0.95, '767': 0.95, '768': 0.88, '769': 0.88, '770': 1.3, '772': 1.3, '773': 1.0,
      '774': 1.1, '775': 1.15, '776': 1.05, '777': 1.05, '778': 0.92, '779': 0.95, '780': 1.0, '781': 1.05,
      '782': 1.1, '783': 1.05, '784': 1.05, '785': 1.2, '786': 1.02, '787': 1.05, '788': 0.95, '789': 0.92,
      '790': 0.9, '791': 0.9, '792': 0.88, '793': 0.92, '794': 0.92, '795': 0.9, '796': 0.9, '797': 0.95,
      '798': 1.0, '799': 1.0,
    },
  },
});
