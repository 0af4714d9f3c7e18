/**
 * Events our elements send to the host page (DESIGN.md "Embedding"; STYLE.md habit 3): CustomEvents named
 * `ppm-...` with a typed `detail`, bubbling and composed so they leave the shadow root. A changed event
 * gets a new name; the old one is kept and marked deprecated.
 */
export interface PpmEventMap {
  /** notify-me: the availability sign-up was accepted (or the address was already on the list). */
  'ppm-subscribe': { state: string; alreadySubscribed: boolean };
  /** Any widget: a request failed; `widget` is its tag, `message` what the person was shown. */
  'ppm-error': { widget: string; status: number; message: string };
  /** Sent on window when the API answered 401: the page-wide session is gone (every widget shows signed out). */
  'ppm-logout': { reason: 'unauthorized' };
  /** quote-wizard: a step is shown (doc 2 section 1: a page view per step). `name` is the step's title. */
  'ppm-step': { step: number; name: string };
  /**
   * quote-start: the visitor pressed 'Start a tailored quote'. `state` and `dealer` are '' when none; `url` is
   * where the widget is about to send them. Cancelable: a host that calls preventDefault() navigates itself.
   */
  'ppm-quote-start': { state: string; dealer: string; url: string };
  /** See PpmQuoteDetail. */
  'ppm-quote': PpmQuoteDetail;
  /**
   * quote-wizard: a policy was bound (the card was charged). No personal data: the numbers, the billing
   * frequency and the amount charged today in dollars, for a conversion tag.
   */
  'ppm-purchase': { policyNumber: string; binderNumber: string; quoteNumber: string; billingFrequency: string; amount: number };
  /** claim-form: a claim was filed; `reference` is the claim's reference the claimant was shown. No personal data. */
  'ppm-claim': { reference: string };
}

/**
 * The kinds of quote event, by `action`. Never personal data. A widget's docs name the kind it sends
 * (EventDoc's `variant`), and widgets/README.md prints that kind's detail from here.
 */
export interface PpmQuoteVariants {
  /**
   * retrieve-quote: a saved quote was found (`policyNumber`, its first policy's number) and the widget is about
   * to open it in the wizard. Cancelable: preventDefault() keeps the visitor on the page.
   */
  retrieved: { action: 'retrieved'; policyNumber: string };
  /** quote-wizard: a new price was calculated (the quote number, the rated state, how many vehicles, the estimated monthly payment in dollars). */
  priced: { action: 'priced'; policyNumber: string; ratedState: string; vehicles: number; estimatedMonthlyPayment: number };
}

/** A quote event: one of PpmQuoteVariants. */
export type PpmQuoteDetail = PpmQuoteVariants[keyof PpmQuoteVariants];

export type PpmEventName = keyof PpmEventMap;

/**
 * Dispatches a `ppm-` event from `target` (an element inside the widget, the host or window). Returns false
 * when the event is `cancelable` and a listener called preventDefault(): the widget then leaves the next
 * step (navigation) to the host.
 */
export function emit<K extends PpmEventName>(
  target: EventTarget,
  name: K,
  detail: PpmEventMap[K],
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}

declare global {
  interface WindowEventMap {
    'ppm-logout': CustomEvent<PpmEventMap['ppm-logout']>;
  }
  interface HTMLElementEventMap {
    'ppm-step': CustomEvent<PpmEventMap['ppm-step']>;
    'ppm-subscribe': CustomEvent<PpmEventMap['ppm-subscribe']>;
    'ppm-error': CustomEvent<PpmEventMap['ppm-error']>;
    'ppm-quote-start': CustomEvent<PpmEventMap['ppm-quote-start']>;
    'ppm-quote': CustomEvent<PpmEventMap['ppm-quote']>;
    'ppm-purchase': CustomEvent<PpmEventMap['ppm-purchase']>;
    'ppm-claim': CustomEvent<PpmEventMap['ppm-claim']>;
  }
}
