import { stateTable } from './common.ts';

export const FL = stateTable({
  state: 'FL',
  effectiveDate: '2025-01-01',
  notes:
    'Florida: no-fault; PIP 10,000 and PD 10 are the compulsory coverages, bodily injury is optional. PIP ' +
    'fraud and litigation make Florida the dearest of our states; South Florida most of all. Uninsured ' +
    'motorist rates reflect one of the highest uninsured rates in the country. Unlimited is not offered.',
  relativities: { liability: 1.5, uninsured: 1.8, medical: 1.0, comprehensive: 1.1, collision: 1.15, rental: 1.1 },
  coverageRelativities: { PIP: 2.5 },
  territory: {
    other: 1.05,
    byZipPrefix: {
      '320': 1.1, '321': 1.0, '322': 1.12, '323': 0.95, '324': 0.9, '325': 0.92, '326': 0.9, '327': 1.15,
      '328': 1.2, '329': 0.95, '330': 1.5, '331': 1.52, '332': 1.45, '333': 1.4, '334': 1.25, '335': 1.25,
      '336': 1.28, '337': 1.2, '338': 1.1, '339': 1.05, '341': 1.0, '342': 1.0, '344': 0.95, '346': 1.12,
      '347': 1.2, '349': 1.05,
    },
  },
});
