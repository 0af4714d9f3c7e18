import { stateTable } from './common.ts';

export const PA = stateTable({
  state: 'PA',
  effectiveDate: '2025-01-01',
  notes:
    'Pennsylvania: minimum 15/30/5 with first-party medical benefits of 5,000 and a tort option. Philadelphia ' +
    'is the dearest territory of the state by far.',
  relativities: { liability: 0.9, uninsured: 0.9, medical: 1.1, comprehensive: 0.85, collision: 1.0, rental: 1.0 },
  // Limited tort (75 Pa.C.S. 1705) gives up suing for pain and suffering over non-serious injuries:
  // bodily injury and uninsured/underinsured motorist cost less.
  curves: { limitedTort: 0.85 },
  territory: {
    other: 0.95,
    byZipPrefix: {
      '150': 1.0, '151': 0.98, '152': 1.05, '153': 0.9, '154': 0.9, '155': 0.88, '156': 0.9, '160': 0.85,
      '161': 0.85, '162': 0.85, '163': 0.85, '164': 0.87, '165': 0.87, '166': 0.85, '167': 0.84, '168': 0.85,
      '169': 0.82, '170': 0.92, '171': 0.93, '172': 0.9, '173': 0.9, '174': 0.92, '175': 0.9, '176': 0.9,
      '177': 0.85, '178': 0.85, '179': 0.88, '180': 1.0, '181': 1.02, '182': 0.92, '183': 0.95, '184': 0.95,
      '185': 0.96, '186': 0.95, '187': 0.95, '188': 0.85, '189': 1.05, '190': 1.35, '191': 1.55, '193': 1.1,
      '194': 1.1, '195': 0.95, '196': 0.96,
    },
  },
});
