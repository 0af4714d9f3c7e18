/**
 * Coverage limit names of the quote request (doc 3 section 3, "Limit names"), each with what it covers
 * (descriptions ours, from the coverage form's fields). A limit entry is {name, type POLICY or VEHICLE,
 * indexNumber 0, limit}.
 */
export const LIMIT_NAMES = [
  'BI', 'PD', 'PIP', 'MP', 'UMBI', 'UIM', 'UMUIMBI', 'UMPD', 'UMUIMPD', 'UMUIMPDDeductible', 'UM', 'COMP',
  'COLL', 'RENT', 'GLASS', 'PIPDeductible', 'PIPDeductibleType', 'WORKLOSS', 'FPB', 'ADND', 'FNRL',
  'INCLOSS', 'MEDEX',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

export const LIMIT_DESCRIPTIONS: Readonly<Record<LimitName, string>> = {
  BI: 'Bodily Injury',
  PD: 'Property Damage',
  PIP: 'Personal Injury Protection',
  MP: 'Medical Payments',
  UMBI: 'Uninsured Motorist Bodily Injury',
  UIM: 'Underinsured Motorist',
  UMUIMBI: 'Uninsured Bodily',
  UMPD: 'Uninsured Motorist Property Damage',
  UMUIMPD: 'Uninsured/Underinsured Motorist Property Damage',
  UMUIMPDDeductible: 'Uninsured/Underinsured Property Damage Deductible',
  UM: 'Uninsured Motorist',
  COMP: 'Comprehensive',
  COLL: 'Collision',
  RENT: 'Rental',
  GLASS: 'Glass',
  PIPDeductible: 'Personal Injury Protection Deductible',
  PIPDeductibleType: 'Personal Injury Protection Deductible Type',
  WORKLOSS: 'Income Loss (work loss)',
  FPB: 'Combined First Party Benefits',
  ADND: 'Accidental Death',
  FNRL: 'Funeral Benefits',
  INCLOSS: 'Income Loss',
  MEDEX: 'Extraordinary Medical Benefits',
};

export const LIMIT_TYPES = ['POLICY', 'VEHICLE'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

/** Display texts of the coverage step (doc 3 section 9). */
export const DECLINE = 'I decline this coverage';
export const COVERAGE_TEXTS = {
  decline: DECLINE,
  uninsuredDeclined: 'Uninsured Coverage Declined',
  comprehensiveDeclined: 'Comprehensive Coverage Declined',
  declined: 'Coverage Declined',
  combinedSelected: 'Combined Benefits Selected',
} as const;

/** doc 3 section 2: uninsuredCoverageType values (GA R Reduced By / A Added On; FL and PA stacking). */
export const UNINSURED_COVERAGE_TYPES = [
  { value: 'R', label: 'Reduced By' },
  { value: 'A', label: 'Added On' },
] as const;
export const STACKING_OPTIONS = [
  { value: 'Stacked', label: 'Stacked' },
  { value: 'Unstacked', label: 'Unstacked' },
] as const;

/**
 * doc 3 section 9: a limit as the request carries it: '$', commas and the word deductible stripped, and
 * a '000 CSL' value shortened ('$100,000 CSL' -> '100 CSL').
 */
export function formatLimit(display: string): string {
  const bare = display.replace(/[$,]/g, '').replace(/deductible/gi, '').replace(/\s+/g, ' ').trim();
  return bare.replace(/^(\d+)000 CSL$/i, '$1 CSL');
}
