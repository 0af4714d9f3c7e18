/**
 * The bind's purchase token (contract/api/bind.ts, BindResponse.purchaseToken): it proves, for what follows
 * the payment on this page (the lienholders), that this is the person who just paid. It is held here, in
 * this module's memory, for the page's life only: never in the WizardState (which is saved to
 * sessionStorage), never in a URL. A reload forgets it; the server then says to reload or call us.
 * Kept by quote number, so two wizards on one page do not mix their tokens.
 */
const tokens = new Map<string, string>();

export function rememberPurchaseToken(quoteNumber: string, token: string): void {
  tokens.set(quoteNumber, token);
}

export function purchaseTokenFor(quoteNumber: string): string | undefined {
  return tokens.get(quoteNumber);
}

/** Tests: start from nothing. */
export function forgetPurchaseTokens(): void {
  tokens.clear();
}
