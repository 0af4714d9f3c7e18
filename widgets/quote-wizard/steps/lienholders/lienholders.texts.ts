import { BRAND } from '../../../../contract/index.ts';

/** Every text of the lienholder sub-step (doc 3 sections 2, 4, 8), keyed (STYLE.md habit 7); ours unless marked. */
export const LIENHOLDER_TEXTS = {
  heading: 'Lienholder Information',
  lead: 'Your payment went through and your policy is bound. Please tell us who holds the loan or lease on each financed or leased vehicle, so we can list them on your policy.',
  vehicleLegend: (title: string) => `Lienholder for your ${title}`,
  vehicleCount: (index: number, total: number) => `Vehicle ${index} of ${total}`,
  option: 'Lienholder',
  name: 'Lienholder Name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'ZIP Code',
  phoneNumber: 'Phone Number',
  prefilled: 'We filled in this company’s lienholder address for you.',
  prefilledName: 'We filled in this company’s name. Please type its address as your loan or lease papers show it.',
  unknown: 'That is fine: a customer service concierge will ask you for it later.',
  // doc 3 section 2: "with Back, Continue and Submit buttons"
  back: 'Back',
  continue: 'Continue',
  submit: 'Submit',
  // doc 3 section 8: "modal 'Apologies' saying lienholder information cannot be updated and a concierge will call"
  apologiesTitle: 'Apologies',
  apologiesBody: `We are unable to update your lienholder information at this time. A customer service concierge will call you to complete it. You can also call us at ${BRAND.phone}.`,
  ok: 'OK',
  close: 'Close',
} as const;
