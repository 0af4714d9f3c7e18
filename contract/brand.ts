/**
 * The brand, in one place (DESIGN.md: "Brand texts ... live in one brand config file").
 * Widgets, site, mail and documents read these; a white-label programme replaces this file only.
 * The marque is named because the VIN rules and the spec's messages name it; we are not the maker.
 */
export const BRAND = {
  /** Programme name shown in titles, mail and documents. */
  productName: 'Apex Pay-Per-Mile',
  /**
   * The insurer that underwrites the programme, as printed on ID cards and declarations. Fictional, like the
   * programme: a real programme names its carrier (and its NAIC number) here.
   */
  insurer: 'Apex Specialty Insurance Company',
  /** The one marque we insure; the spec's VIN messages name it. */
  marque: 'Porsche',
  /** Owners' club whose members get the club discount (doc 2: isPCAMember). */
  club: 'Porsche Club of America',
  /** Customer care (doc 1 {phone}; DESIGN.md: 800-400-4128 everywhere). */
  phone: '800-400-4128',
  phoneHref: 'tel:+18004004128',
  claimsExtension: '3',
  generalExtension: '2',
  supportHours: 'Monday to Friday, 9am to 5pm',
  email: 'care@apex-ppm.example',
  /** Where filed claims go unless CLAIMS_EMAIL says otherwise (api/config.ts). */
  claimsEmail: 'claims@apex-ppm.example',
  /** Application version (doc 1 section 1). */
  version: '0.9.91',
  colours: {
    ink: '#1b1f24',
    accent: '#b12b28',
    accentInk: '#ffffff',
    surface: '#ffffff',
    muted: '#5b6470',
    line: '#d5d9de',
    danger: '#b3261e',
    info: '#0b5cad',
    success: '#1e7a3c',
  },
} as const;

export type Brand = typeof BRAND;
