/**
 * World manufacturer identifiers (VIN positions 1-3, 49 CFR 565.15(a)) of makers other than the marque,
 * so the decoder can say which maker a valid foreign VIN belongs to without logging the VIN itself.
 * The answer to the visitor only needs "not a Porsche"; the maker name is for tests and for any later
 * analytics that counts refused makes.
 *
 * Source: the WMIs that makers register with NHTSA (vPIC "Manufacturer" data, the public WMI
 * assignments of SAE J272 / ISO 3780). A common subset, not the full register: a valid VIN whose WMI is
 * not listed is still another maker's (the marque uses only WP0 and WP1), it is just not named.
 */
const OTHER_MAKER_WMIS: Readonly<Record<string, string>> = {
  // United States, Canada, Mexico
  '1C3': 'Chrysler', '1C4': 'Jeep', '1C6': 'Ram', '1D7': 'Dodge', '1FA': 'Ford', '1FM': 'Ford', '1FT': 'Ford',
  '1G1': 'Chevrolet', '1GC': 'Chevrolet', '1GN': 'Chevrolet', '1G6': 'Cadillac', '1GT': 'GMC', '1GK': 'GMC',
  '1HG': 'Honda', '1J4': 'Jeep', '1LN': 'Lincoln', '1N4': 'Nissan', '1N6': 'Nissan', '19U': 'Acura',
  '2C3': 'Chrysler', '2HG': 'Honda', '2T1': 'Toyota', '2G1': 'Chevrolet', '3VW': 'Volkswagen', '3FA': 'Ford',
  '3GN': 'Chevrolet', '4S3': 'Subaru', '4S4': 'Subaru', '4T1': 'Toyota', '4T3': 'Toyota', '4JG': 'Mercedes-Benz',
  '5FN': 'Honda', '5J8': 'Acura', '5N1': 'Nissan', '5TD': 'Toyota', '5UX': 'BMW', '5YJ': 'Tesla', '5YM': 'BMW',
  '7SA': 'Tesla',
  // Japan, Korea
  'JF1': 'Subaru', 'JF2': 'Subaru', 'JH4': 'Acura', 'JHM': 'Honda', 'JM1': 'Mazda', 'JN1': 'Nissan',
  'JN8': 'Nissan', 'JTD': 'Toyota', 'JTH': 'Lexus', 'JTJ': 'Lexus', 'JTE': 'Toyota', 'KMH': 'Hyundai',
  'KNA': 'Kia', 'KND': 'Kia', 'KMT': 'Genesis',
  // Europe
  'SAJ': 'Jaguar', 'SAL': 'Land Rover', 'SCA': 'Rolls-Royce', 'SCB': 'Bentley', 'SCC': 'Lotus',
  'SCF': 'Aston Martin', 'SBM': 'McLaren', 'VF1': 'Renault', 'VF3': 'Peugeot', 'WAU': 'Audi', 'WA1': 'Audi',
  'WUA': 'Audi', 'WBA': 'BMW', 'WBS': 'BMW', 'WBY': 'BMW', 'WDB': 'Mercedes-Benz', 'WDD': 'Mercedes-Benz',
  'WDC': 'Mercedes-Benz', 'W1K': 'Mercedes-Benz', 'W1N': 'Mercedes-Benz', 'WMW': 'MINI', 'WME': 'smart',
  'WVW': 'Volkswagen', 'WVG': 'Volkswagen', 'WF0': 'Ford', 'YV1': 'Volvo', 'YV4': 'Volvo', 'ZAM': 'Maserati',
  'ZAR': 'Alfa Romeo', 'ZFA': 'Fiat', 'ZFF': 'Ferrari', 'ZHW': 'Lamborghini',
};

export function otherMakerName(wmi: string): string | undefined {
  return OTHER_MAKER_WMIS[wmi];
}
