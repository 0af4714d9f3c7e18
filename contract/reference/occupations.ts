/**
 * Occupation industries and their occupations (doc 2 section 9: "Occupation lists per state (coded, by
 * industry). Special codes: 10 Homemaker, 20 Retired, 30 Unemployed, 40 Student. Full lists: not
 * shown"). The industries follow the broad groups of the US Standard Occupational Classification; the
 * codes other than the four special ones are ours (two letters for the industry, two digits), stable
 * once published because stored quotes keep them.
 *
 * Doc 2 section 4: "a free-text occupation is used if the industry has no list; an industry with a
 * single option auto-selects it". So Homemaker, Retired, Unemployed and Student hold one occupation each
 * (the special codes), and Other holds none: the shopper types the occupation.
 * One list serves every occupation-question state (AZ, CA, CO, FL, OH, PA, TN, TX, WI).
 */
import { SPECIAL_OCCUPATIONS } from './options.ts';

export interface Occupation {
  code: string;
  label: string;
}

export interface OccupationIndustry {
  value: string;
  label: string;
  occupations: readonly Occupation[];
}

const list = (prefix: string, labels: readonly string[]): Occupation[] =>
  labels.map((label, i) => ({ code: `${prefix}${String(i + 1).padStart(2, '0')}`, label }));

const special = (value: (typeof SPECIAL_OCCUPATIONS)[number]['value']): OccupationIndustry => {
  const { label } = SPECIAL_OCCUPATIONS.find((o) => o.value === value)!;
  return { value: label, label, occupations: [{ code: value, label }] };
};

export const OCCUPATION_INDUSTRIES: readonly OccupationIndustry[] = [
  { value: 'Agriculture', label: 'Agriculture, Forestry and Fishing', occupations: list('AG', [
    'Farm or Ranch Owner', 'Farm Worker', 'Forester', 'Fisher', 'Agricultural Inspector', 'Other Agriculture',
  ]) },
  { value: 'Arts', label: 'Arts, Design, Entertainment, Sports and Media', occupations: list('AR', [
    'Artist', 'Designer', 'Musician', 'Actor', 'Professional Athlete', 'Coach', 'Writer or Editor', 'Journalist',
    'Photographer', 'Other Arts and Media',
  ]) },
  { value: 'Business', label: 'Business, Sales and Office', occupations: list('BU', [
    'Business Owner', 'Executive', 'Manager', 'Accountant', 'Consultant', 'Human Resources', 'Sales Representative',
    'Retail Sales', 'Real Estate Agent', 'Administrative Assistant', 'Clerk', 'Other Business',
  ]) },
  { value: 'Construction', label: 'Construction, Energy and Mining', occupations: list('CO', [
    'Contractor', 'Carpenter', 'Electrician', 'Plumber', 'Construction Worker', 'Equipment Operator',
    'Oil and Gas Worker', 'Miner', 'Other Construction',
  ]) },
  { value: 'Education', label: 'Education and Library', occupations: list('ED', [
    'Teacher', 'Professor', 'Principal or Administrator', 'Teaching Assistant', 'Librarian', 'Counselor', 'Other Education',
  ]) },
  { value: 'Engineering', label: 'Engineering, Architecture and Science', occupations: list('EN', [
    'Engineer', 'Architect', 'Scientist', 'Technician', 'Drafter', 'Surveyor', 'Other Engineering or Science',
  ]) },
  { value: 'Finance', label: 'Banking, Finance and Insurance', occupations: list('FI', [
    'Banker', 'Financial Advisor', 'Analyst', 'Loan Officer', 'Insurance Agent', 'Underwriter', 'Actuary', 'Teller',
    'Other Finance',
  ]) },
  { value: 'Food Service', label: 'Food Service and Hospitality', occupations: list('FS', [
    'Restaurant Owner or Manager', 'Chef or Cook', 'Server or Bartender', 'Hotel Staff', 'Other Food Service',
  ]) },
  { value: 'Government', label: 'Government and Military', occupations: list('GV', [
    'Elected Official', 'Government Employee', 'Postal Worker', 'Military Officer', 'Military Enlisted', 'Other Government',
  ]) },
  { value: 'Information Technology', label: 'Information Technology', occupations: list('IT', [
    'Software Developer', 'Systems Administrator', 'Network Engineer', 'Data Scientist', 'IT Manager', 'Support Technician',
    'Other Information Technology',
  ]) },
  { value: 'Legal', label: 'Legal, Law Enforcement and Security', occupations: list('LE', [
    'Attorney', 'Judge', 'Paralegal', 'Police Officer', 'Firefighter', 'Security Guard', 'Other Legal or Security',
  ]) },
  { value: 'Medical', label: 'Medical and Health Care', occupations: list('MD', [
    'Physician', 'Surgeon', 'Dentist', 'Nurse', 'Pharmacist', 'Therapist', 'Veterinarian', 'Medical Technician',
    'Emergency Medical Technician', 'Other Health Care',
  ]) },
  { value: 'Manufacturing', label: 'Manufacturing and Production', occupations: list('MF', [
    'Plant Manager', 'Machinist', 'Welder', 'Assembler', 'Quality Inspector', 'Other Manufacturing',
  ]) },
  { value: 'Repair', label: 'Installation, Maintenance and Repair', occupations: list('RP', [
    'Automotive Technician', 'Mechanic', 'HVAC Technician', 'Maintenance Worker', 'Other Repair',
  ]) },
  { value: 'Personal Care', label: 'Personal Care, Social Services and Religion', occupations: list('PC', [
    'Hair Stylist', 'Fitness Trainer', 'Child Care Worker', 'Social Worker', 'Clergy', 'Other Personal Care or Service',
  ]) },
  { value: 'Transportation', label: 'Transportation and Logistics', occupations: list('TR', [
    'Pilot', 'Truck Driver', 'Delivery Driver', 'Dispatcher', 'Warehouse Worker', 'Other Transportation',
  ]) },
  special('10'),
  special('20'),
  special('30'),
  special('40'),
  { value: 'Other', label: 'Other', occupations: [] },
];

const BY_VALUE = new Map(OCCUPATION_INDUSTRIES.map((industry) => [industry.value, industry]));

export function industryByValue(value: string): OccupationIndustry | undefined {
  return BY_VALUE.get(value);
}
