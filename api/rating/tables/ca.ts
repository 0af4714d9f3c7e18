import { stateTable } from './common.ts';

export const CA = stateTable({
  state: 'CA',
  effectiveDate: '2025-01-01',
  notes:
    'California: minimum 30/60/15 since 1 January 2025 (15/30/5 before). Proposition 103 forbids insurance ' +
    'scores; dense traffic in Los Angeles and the Bay Area lifts liability and collision.',
  relativities: { liability: 1.15, uninsured: 0.9, medical: 1.0, comprehensive: 0.9, collision: 1.2, rental: 1.05 },
  // Proposition 103 (Cal. Ins. Code 1861.02; 10 CCR 2632.5): driving record, miles driven and years of
  // experience are the mandatory factors, which this per-mile plan serves; credit-based insurance scores
  // and gender may not be used, so the insurance-score factor is switched off here.
  curves: { insuranceScore: null },
  territory: {
    other: 1.0,
    byZipPrefix: {
      '900': 1.45, '902': 1.35, '903': 1.3, '904': 1.3, '905': 1.25, '906': 1.3, '907': 1.3, '908': 1.28,
      '910': 1.28, '911': 1.3, '912': 1.3, '913': 1.35, '914': 1.35, '915': 1.32, '916': 1.32, '917': 1.25,
      '918': 1.25, '919': 1.1, '920': 1.08, '921': 1.1, '922': 1.0, '923': 1.15, '924': 1.15, '925': 1.15,
      '926': 1.15, '927': 1.18, '928': 1.15, '930': 1.05, '931': 0.95, '932': 1.05, '933': 1.05, '934': 0.95,
      '935': 0.95, '936': 1.05, '937': 1.05, '939': 0.95, '940': 1.1, '941': 1.3, '943': 1.1, '944': 1.1,
      '945': 1.2, '946': 1.25, '947': 1.2, '948': 1.2, '949': 1.05, '950': 1.1, '951': 1.12, '952': 1.05,
      '953': 1.05, '954': 0.95, '956': 1.05, '957': 1.05, '958': 1.08, '959': 0.88, '960': 0.85, '961': 0.85,
    },
  },
});
