import { COVERAGE_LABELS as L, COVERAGE_TOOLTIPS } from '../texts.ts';
import { bodilyInjury, collision, comprehensive, propertyDamage, rental, stacking, stateForm, uninsured } from './common.ts';

/**
 * Pennsylvania (doc 3 sections 3, 4, 5 and 9). Minimum 15/30/5 with first-party medical benefits of
 * $5,000 and a tort option (facts/state-minimums.md; 75 Pa.C.S. 1702, 1711, 1705). Combined first party
 * benefits $177,500 and extraordinary medical benefits $1,100,000 are doc 3 section 9's figures; the
 * individual steps follow its tooltip's maxima (accidental death up to $25,000, funeral up to $2,500);
 * the income loss steps are ours. Stacking defaults to Stacked (doc 3 section 3).
 */
const LEVELS = ['15/30', '25/50', '50/100', '100/300', '250/500'] as const;

export const PA = stateForm({
  state: 'PA',
  fields: [
    bodilyInjury(LEVELS),
    propertyDamage(['$5,000', '$25,000', '$50,000', '$100,000', '$100,000']),
    uninsured('uninsuredBodilyInjury', L.uninsuredBodilyInjury, LEVELS),
    uninsured('underinsuredMotorist', L.underinsuredMotorist, LEVELS, { byLevel: LEVELS }),
    stacking('Stacked'),
    {
      name: 'personalInjuryProtection',
      label: L.firstPartyMedical,
      options: ['$5,000', '$10,000', '$25,000', '$50,000', '$100,000'],
      limit: 'PIP',
    },
    {
      name: 'combinedFirstParty',
      label: L.combinedFirstParty,
      options: ['$177,500'],
      declinable: true,
      required: false,
      limit: 'FPB',
      tooltip: COVERAGE_TOOLTIPS.firstPartyBenefits,
    },
    {
      name: 'accidentalDeath',
      label: L.accidentalDeath,
      options: ['$5,000', '$10,000', '$15,000', '$25,000'],
      declinable: true,
      required: false,
      limit: 'ADND',
    },
    {
      name: 'funeralBenefits',
      label: L.funeralBenefits,
      options: ['$1,500', '$2,500'],
      declinable: true,
      required: false,
      limit: 'FNRL',
    },
    {
      name: 'incomeLoss',
      label: L.incomeLoss,
      options: ['$5,000', '$15,000', '$25,000', '$50,000'],
      declinable: true,
      required: false,
      limit: 'INCLOSS',
    },
    {
      name: 'extraBenefits',
      label: L.extraBenefits,
      options: ['$1,100,000'],
      declinable: true,
      required: false,
      limit: 'MEDEX',
    },
    // doc 3 section 4: "Tort option is Limited or Full"; the request carries F or L (section 9)
    {
      name: 'tortOption',
      label: L.tortOption,
      options: ['limited', 'full'],
      labels: { limited: 'Limited', full: 'Full' },
    },
    comprehensive(),
    collision(),
    rental({
      byLevel: ['$50/$1,500', '$50/$1,500', '$75/$2,250', '$100/$3,000', '$125/$3,750'],
      options: ['$50/$1,500', '$75/$2,250', '$100/$3,000', '$125/$3,750'],
    }),
  ],
  continueFields: ['bodilyInjury', 'personalInjuryProtection', 'tortOption'],
  coverageTypeWhenUninsuredDeclined: 'declinedText',
  firstPartyBenefits: true,
});
