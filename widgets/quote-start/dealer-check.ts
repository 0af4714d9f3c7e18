import { dealerByCode } from '../../contract/reference/dealers.ts';

const README = 'See widgets/README.md, <ppm-quote-start>.';

/**
 * The dealer's code when it is one of ours; an unknown code is ignored, with a warning for the page's
 * developer. Its own module, which quote-start loads on the first focus or press in the widget (issue 11):
 * the dealer list comes with it, not with the page.
 */
export function knownDealer(code: string): string {
  const dealer = dealerByCode(code) ?? dealerByCode(code.toUpperCase());
  if (dealer) return dealer.code;
  console.warn(
    `[ppm] <ppm-quote-start dealer="${code}">: no dealer has this code, so quotes started here are not attributed ` +
      `to a dealer. Set the dealer attribute to the code we gave you. ${README}`,
  );
  return '';
}
