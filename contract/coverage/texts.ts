import { BRAND } from '../brand.ts';
import { MESSAGES } from '../messages.ts';

/**
 * The coverage step's labels and tooltips, keyed, in one place (STYLE.md 7) so a brand or a locale can
 * replace them. doc 3 names the fields, not their labels; where it gives a text it is quoted and marked.
 */
export const COVERAGE_LABELS = {
  bodilyInjury: 'Bodily Injury',
  propertyDamage: 'Property Damage',
  uninsuredCoverageType: 'Uninsured Motorist Coverage Type',
  stacking: 'Uninsured Motorist Stacking',
  uninsuredBodilyInjury: 'Uninsured Motorist Bodily Injury',
  uninsuredUnderinsuredBodilyInjury: 'Uninsured/Underinsured Motorist Bodily Injury',
  underinsuredMotorist: 'Underinsured Motorist Bodily Injury',
  uninsuredPropertyDamage: 'Uninsured Motorist Property Damage',
  // doc 3 section 4: "labelled Personal Injury Protection in OR"
  personalInjuryProtection: 'Personal Injury Protection',
  firstPartyMedical: 'First Party Medical Benefits',
  pipDeductible: 'Personal Injury Protection Deductible',
  pipDeductibleType: 'Personal Injury Protection Deductible Type',
  medicalPayments: 'Medical Payments',
  combinedFirstParty: 'Combined First Party Benefits',
  accidentalDeath: 'Accidental Death',
  funeralBenefits: 'Funeral Benefits',
  incomeLoss: 'Income Loss',
  extraBenefits: 'Extraordinary Medical Benefits',
  tortOption: 'Tort Option',
  comprehensiveDeductible: 'Comprehensive',
  collisionDeductible: 'Collision',
  // doc 3 section 4, the WI-style variant, word for word
  uninsuredPropertyDamageDeductible: 'Uninsured/Underinsured Property Damage Deductible',
  uninsuredPropertyDamageColorado: 'Uninsured Motorist Property Damage Deductible',
  rentalReimbursement: 'Rental Reimbursement',
  policyEffectiveDate: 'Policy Effective Date',
} as const;

export const COVERAGE_TOOLTIPS = {
  // doc 3 section 2: the comprehensive tooltip
  comprehensive:
    'Comprehensive includes full glass coverage, including sun and moon roofs, with no deductible for covered glass losses.',
  // doc 3 section 9: the PA tooltip
  firstPartyBenefits:
    'Combined First Party Benefits of at least $177,500 aggregate or three years; accidental death up to $25,000; funeral benefits up to $2,500; extraordinary medical benefits up to $1 million above $100,000 of medical cost; income loss up to 80% of gross income. Death must occur within 24 months; funeral within 24 hours.',
  // doc 3 section 2: "A note says further package changes need a call to customer care."
  packageNote: `To change your coverage package further, please call customer care at ${BRAND.phone}.`,
} as const;

/** The modal text for each warning applyCoverageChange returns (doc 3 "Decline warning modal"). */
export const COVERAGE_WARNINGS = {
  comprehensiveCollisionPair: MESSAGES.coveragePairWarning,
  collisionNeedsComprehensive: MESSAGES.collisionNeedsComprehensive,
} as const;
