import { useEffect, useId, useMemo, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { BRAND, US_STATES, WIDE_PICKER_STATES, stateName } from '../../contract/index.ts';
import { siteUrlFor } from '../core/config.ts';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { scoped, useWidget } from '../core/widget.tsx';
import { DEFAULT_QUOTE_PATH, quoteStartDestination } from './destination.ts';
import { quoteStartStyles } from './quote-start.styles.ts';
import { QUOTE_START_TEXTS, type QuoteStartTexts } from './quote-start.texts.ts';
import type { RetrieveDialogProps } from '../retrieve-quote/RetrieveQuote.tsx';
import { element } from './quote-start.element.ts';

/**
 * The start-quote widget (doc 1 "Homepage"): a state picker and 'Start a tailored quote'. A state we write
 * in (or none) continues to the wizard; any other state to the unavailable page (destination.ts).
 */
export interface QuoteStartProps {
  /** `wide` (default): the seven states of the home page's first widget and the phone line; `full`: the 50 states and DC. */
  variant?: string;
  /** Where the wizard is; default the brand site's /receive-a-quote (the origin embed.js came from). */
  quoteUrl?: string;
  /** A dealer code: the quote is attributed to this dealer and 'how did you hear' is preset to Dealer. */
  dealer?: string;
  /** Replacement texts, merged over QUOTE_START_TEXTS. */
  texts?: Partial<QuoteStartTexts>;
  /** Origin of the API, for 'Retrieve my quote'; default same-origin, or the loader's origin when embedded. */
  apiBase?: string;
  /** Opens the retrieve-quote modal as soon as the widget is on the page (the site's /search-for-my-quote). */
  retrieveOpen?: boolean;
  /** Goes to the destination; tests and single-page hosts replace it. Default: location.assign. */
  navigate?: (url: string) => void;
}

type Variant = 'wide' | 'full';

const WIDE_OPTIONS = WIDE_PICKER_STATES.map((code) => ({ value: code, label: stateName(code) ?? code }));

const README = 'See widgets/README.md, <ppm-quote-start>.';

function variantOf(value: string | undefined): Variant {
  const wanted = value?.trim().toLowerCase();
  if (!wanted || wanted === 'wide') return 'wide';
  if (wanted === 'full') return 'full';
  console.warn(`[ppm] <ppm-quote-start variant="${value}">: the variant is "wide" or "full"; showing "wide". ${README}`);
  return 'wide';
}

/**
 * The dealer code as checked against our dealers (dealer-check.ts, loaded on the first focus or press in the
 * widget, not with the page: only a visitor who starts needs it). If it cannot load (offline) the code goes as
 * written, and the wizard checks it when it opens.
 */
async function knownDealer(value: string | undefined): Promise<string> {
  const code = value?.trim();
  if (!code) return '';
  try {
    return (await import('./dealer-check.ts')).knownDealer(code);
  } catch {
    return code;
  }
}

function goTo(url: string): void {
  globalThis.location.assign(url);
}

function QuoteStartView({ variant, quoteUrl, dealer, texts: overrides, retrieveOpen, navigate = goTo }: QuoteStartProps) {
  const texts = { ...QUOTE_START_TEXTS, ...overrides };
  // its own context (widget.tsx): the retrieve window drawn inside uses its API client and snackbars
  const { rootRef, emit } = useWidget();
  useAdoptedStyles(rootRef, quoteStartStyles);

  const kind = useMemo(() => variantOf(variant), [variant]);
  // the dealer code as checked (knownDealer), once checked: until then the form carries it as written
  const [checked, setChecked] = useState<{ dealer: string | undefined; code: string } | null>(null);
  const checkDealer = useMemo(() => {
    let check: Promise<string> | undefined;
    return () =>
      (check ??= knownDealer(dealer).then((code) => {
        setChecked({ dealer, code });
        return code;
      }));
  }, [dealer]);
  const dealerCode = checked && checked.dealer === dealer ? checked.code : undefined;
  const action = quoteUrl?.trim() || `${siteUrlFor(undefined)}${DEFAULT_QUOTE_PATH}`;
  // Several quote-start widgets may share one light DOM (the home page): each needs its own ids.
  const id = `ppm-quote-start${useId().replace(/[^\w-]/g, '')}`;
  const [state, setState] = useState('');


  // 'Retrieve my quote': the form's code (fields, date picker, modal) loads on the first press, so this chunk
  // stays small for the many visitors who only start a quote.
  const [Retrieve, setRetrieve] = useState<ComponentType<RetrieveDialogProps> | null>(null);
  const [retrieving, setRetrieving] = useState(false);
  const [loadingRetrieve, setLoadingRetrieve] = useState(false);
  const retrieveButton = useRef<HTMLButtonElement>(null);

  async function openRetrieve() {
    if (loadingRetrieve) return;
    setLoadingRetrieve(true);
    void checkDealer(); // the retrieve window's 'new quote' link carries the dealer too
    try {
      const retrieve = await import('../retrieve-quote/RetrieveQuote.tsx');
      // Doc 1: "For a signed-in user, pressing retrieve goes to /account/lookup-quotes instead" (on our own site).
      if (retrieve.signedIn(action)) {
        navigate(retrieve.lookupQuotesUrl(action, globalThis.location.href));
        return;
      }
      setRetrieve(() => retrieve.RetrieveDialog);
      setRetrieving(true);
    } catch (error) {
      console.error('[ppm] <ppm-quote-start>: the retrieve-quote form could not load; check that embed.js and its chunks are served together.', error);
    } finally {
      setLoadingRetrieve(false);
    }
  }

  useEffect(() => {
    if (retrieveOpen) void openRetrieve();
  }, [retrieveOpen]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = await checkDealer();
    const url = quoteStartDestination(state, action, code, globalThis.location.href);
    const proceed = emit('ppm-quote-start', { state, dealer: code, url }, { cancelable: true });
    if (proceed) navigate(url);
  }

  // action and method make the server-rendered form work before it is hydrated: a plain GET to the wizard.
  return (
    <div ref={rootRef} className={`ppm-root ppm-quote-start ppm-quote-start--${kind}`} part="base" onFocusCapture={() => void checkDealer()}>
      <form className="ppm-quote-start__form" action={action} method="get" aria-label={texts.form} onSubmit={onSubmit} part="form">
        {/* core's SelectField without its error message: every choice, the empty one included, is a valid
            answer, so this field is never in error and the page need not load the error frame (issue 11) */}
        <div className="ppm-field" part="field">
          <label className="ppm-label" htmlFor={`${id}-state`} part="label">
            {texts.state}
          </label>
          <select id={`${id}-state`} name="state" className="ppm-select" part="select" value={state} onChange={(event) => setState(event.currentTarget.value)}>
            <option value="">{texts.noState}</option>
            {(kind === 'full' ? US_STATES : WIDE_OPTIONS).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {(dealerCode ?? dealer?.trim()) && <input type="hidden" name="dealer" value={dealerCode ?? dealer?.trim()} />}
        <div className="ppm-quote-start__actions">
          <button type="submit" className="ppm-button" part="submit">
            {texts.start}
          </button>
        </div>
      </form>
      <div className="ppm-quote-start__retrieve">
        <button
          ref={retrieveButton}
          type="button"
          className="ppm-button ppm-button--secondary"
          part="retrieve"
          aria-haspopup="dialog"
          aria-busy={loadingRetrieve || undefined}
          onClick={() => void openRetrieve()}
        >
          {texts.retrieve}
        </button>
      </div>
      {Retrieve && (
        <Retrieve
          open={retrieving}
          onClose={() => setRetrieving(false)}
          quoteUrl={action}
          newQuoteUrl={quoteStartDestination('', action, dealerCode ?? '', globalThis.location.href)}
          navigate={navigate}
          opener={retrieveButton}
        />
      )}
      {kind === 'wide' && (
        <p className="ppm-quote-start__phone" part="phone">
          {texts.phoneLead} <a href={BRAND.phoneHref}>{BRAND.phone}</a>, {texts.phoneHours}.
        </p>
      )}
    </div>
  );
}

/** The widget with its own context (widget.tsx): its element's, or its own as an island on our site. */
export const QuoteStart = scoped<QuoteStartProps>(element.tag, QuoteStartView);
