import { DECLINE } from '../../reference/limit-names.ts';
import { COVERAGE_LABELS as L } from '../texts.ts';
import { bodilyInjury, collision, comprehensive, rental, stacking, stateForm, uninsured } from './common.ts';

/**
 * Florida (doc 3 sections 3, 4, 5 and 9). Florida requires property damage $10,000 and PIP $10,000 and no
 * bodily injury (facts/state-minimums.md), so bodily injury may be declined ("$10,000/$20,000 or none").
 * PIP is the fixed $10,000 (doc 3 section 9), its deductibles $0, $250, $500, $1,000 (section 3).
 */
const LEVELS = ['10/20', '25/50', '50/100', '100/300', '300/300', '250/500', '500/500'] as const;

/**
 * The six property damage options, in the order doc 3's table counts them. The table never allows the
 * second ($20,000, ours): it is kept so the positions match the spec's.
 */
const PROPERTY = ['$10,000', '$20,000', '$25,000', '$50,000', '$100,000', '$250,000'] as const;

export const FL = stateForm({
  state: 'FL',
  fields: [
    bodilyInjury(LEVELS, { declinable: true }),
    { name: 'propertyDamage', label: L.propertyDamage, options: PROPERTY, limit: 'PD' },
    stacking('Unstacked'),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, LEVELS),
    {
      name: 'personalInjuryProtection',
      label: L.personalInjuryProtection,
      options: ['$10,000'],
      default: '$10,000',
      limit: 'PIP',
    },
    {
      name: 'pipDeductible',
      label: L.pipDeductible,
      options: ['$0', '$250', '$500', '$1,000'],
      default: '$500',
      limit: 'PIPDeductible',
    },
    {
      name: 'pipDeductibleType',
      label: L.pipDeductibleType,
      options: ['Excluded - Named Insured', 'Excluded - Named Insured & Resident Relative'],
      default: 'Excluded - Named Insured & Resident Relative',
      limit: 'PIPDeductibleType',
    },
    {
      name: 'medicalPayments',
      label: L.medicalPayments,
      options: ['$1,000', '$2,000', '$5,000', '$10,000'],
      declinable: true,
      limit: 'MP',
    },
    comprehensive(),
    collision(),
    rental({
      byLevel: [
        '$50/$1,500', '$50/$1,500', '$75/$2,250', '$100/$3,000', '$125/$3,750', '$125/$3,750', '$125/$3,750',
      ],
      options: ['$50/$1,500', '$75/$2,250', '$100/$3,000', '$125/$3,750'],
    }),
  ],
  continueFields: ['propertyDamage', 'policyEffectiveDate', 'personalInjuryProtection'],
  pair: 'collisionNeedsComprehensive',
  rental: 'needsBoth',
  // doc 3 section 4, FL: positions of PROPERTY allowed for each bodily injury ('' and declined: "or none")
  propertyDamageByBodilyInjury: {
    '': [1],
    [DECLINE]: [1],
    '10/20': [1],
    '25/50': [1, 3, 4],
    '50/100': [3, 4, 5],
    '100/300': [4, 5],
    '300/300': [5],
    '250/500': [5, 6],
    '500/500': [5, 6],
  },
});
