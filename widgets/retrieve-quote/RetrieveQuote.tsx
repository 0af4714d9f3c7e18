import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { LIMITS, RetrieveQuoteForm, birthDateBounds, localToday, usToIso, localMidnight } from '../../contract/index.ts';
import { WIZARD_PATH } from '../../contract/reference/wizard.ts';
import { siteUrlFor } from '../core/config.ts';
import { DateField } from '../core/date-picker.tsx';
import { ErrorSummary } from '../core/ErrorSummary.tsx';
import { MaskedField } from '../core/fields/MaskedField.tsx';
import { TextField } from '../core/fields/TextField.tsx';
import { useForm, type Rules } from '../core/form.ts';
import { Modal } from '../core/modal.tsx';
import { Snackbars } from '../core/snackbar.tsx';
import { session } from '../core/session.ts';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { scoped, useWidget } from '../core/widget.tsx';
import { handoverQuoteUrl, lookupQuotesUrl, newQuoteUrl } from './destination.ts';
import { retrieveQuoteStyles } from './retrieve-quote.styles.ts';
import { RETRIEVE_QUOTE_TEXTS, type RetrieveQuoteTexts } from './retrieve-quote.texts.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { element } from './retrieve-quote.element.ts';

/**
 * Retrieve a saved quote (doc 1 "Homepage", "My Policy page", sections 5, 7, 8): e-mail, date of birth and
 * ZIP; POST /api/policy/lookup_quote; a found quote opens in the wizard, a miss shows the 'Sorry!' modal.
 * As a modal behind a 'Retrieve my quote' button (the home page, quote-start), or inline (My Policy).
 * Its loader, snackbars and API client are its own (widget.tsx); the signed-in person is the page's.
 */
export interface RetrieveQuoteProps {
  /** Origin of the API; default same-origin, or the loader's origin when embedded. */
  apiBase?: string;
  /** Where the wizard is; default the brand site's /receive-a-quote (the origin embed.js came from). */
  quoteUrl?: string;
  /** `modal` (default): a 'Retrieve my quote' button opening the form in a modal; `inline`: the form in the page. */
  mode?: string;
  /** Modal mode: present (and not "false") opens the modal as soon as the element is on the page. */
  open?: string | boolean;
  /** Replacement texts, merged over RETRIEVE_QUOTE_TEXTS. */
  texts?: Partial<RetrieveQuoteTexts>;
  /** Goes to a page; tests and single-page hosts replace it. Default: location.assign. */
  navigate?: (url: string) => void;
}

type Mode = 'modal' | 'inline';
type Values = { emailAddress: string; dateOfBirth: string; zipcode: string };

// The contract's retrieve-quote rules, field by field (doc 1 section 5); the date rule reads today's date each time it runs.
const RULES: Rules<Values> = RetrieveQuoteForm.schema;
const EMPTY: Values = { emailAddress: '', dateOfBirth: '', zipcode: '' };
const README = 'See widgets/README.md, <ppm-retrieve-quote>.';
/** The `widget` of its ppm-error events, also when the form is drawn inside quote-start. */

function goTo(url: string): void {
  globalThis.location.assign(url);
}

function modeOf(value: string | undefined): Mode {
  const wanted = value?.trim().toLowerCase();
  if (!wanted || wanted === 'modal') return 'modal';
  if (wanted === 'inline') return 'inline';
  console.warn(`[ppm] <ppm-retrieve-quote mode="${value}">: the mode is "modal" or "inline"; showing "modal". ${README}`);
  return 'modal';
}

function isOpen(value: string | boolean | undefined): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() !== 'false');
}

/** The wizard's address: the `quote-url` given, else /receive-a-quote on the brand site. */
export function wizardUrl(quoteUrl: string | undefined): string {
  return quoteUrl?.trim() || `${siteUrlFor(undefined)}${WIZARD_PATH}`;
}

/**
 * Doc 1: "For a signed-in user, pressing retrieve goes to /account/lookup-quotes instead". On our own site
 * only: the account is where the wizard is, and the page knows the person only when it is that site (the
 * session cookie serves our origin); a widget embedded on another origin keeps its form.
 */
export function signedIn(quoteUrl: string): boolean {
  if (session.value.status !== 'success') return false;
  try {
    return new URL(quoteUrl, globalThis.location.href).origin === globalThis.location.origin;
  } catch {
    return false;
  }
}

export { lookupQuotesUrl };

/** The custom element's component: the button and its modal, or the inline form. */
function RetrieveQuoteView({ quoteUrl, mode, open, texts: overrides, navigate = goTo }: RetrieveQuoteProps) {
  const texts = { ...RETRIEVE_QUOTE_TEXTS, ...overrides };
  const { rootRef } = useWidget();
  useAdoptedStyles(rootRef, retrieveQuoteStyles);
  const kind = useMemo(() => modeOf(mode), [mode]);
  const wizard = wizardUrl(quoteUrl);
  const [isModalOpen, setModalOpen] = useState(() => kind === 'modal' && isOpen(open));
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (kind === 'modal' && isOpen(open)) setModalOpen(true);
  }, [open, kind]);

  function onOpen() {
    if (signedIn(wizard)) navigate(lookupQuotesUrl(wizard, globalThis.location.href));
    else setModalOpen(true);
  }

  const form = (
    <RetrieveForm
      mode={kind}
      quoteUrl={wizard}
      newQuote={newQuoteUrl(wizard, globalThis.location.href)}
      texts={texts}
      navigate={navigate}
      onBack={() => setModalOpen(false)}
    />
  );

  return (
    <div ref={rootRef} className={`ppm-root ppm-retrieve-quote ppm-retrieve-quote--${kind}`} part="base">
      {kind === 'inline' ? (
        form
      ) : (
        <>
          <button ref={trigger} type="button" className="ppm-button ppm-button--secondary" part="trigger" onClick={onOpen}>
            {texts.open}
          </button>
          <Modal open={isModalOpen} title={texts.title} onClose={() => setModalOpen(false)} closeLabel={texts.close} opener={trigger}>
            {form}
          </Modal>
        </>
      )}
    </div>
  );
}

export const RetrieveQuote = scoped<RetrieveQuoteProps>(element.tag, RetrieveQuoteView);

/**
 * The form in its modal, for another widget to open (quote-start's 'Retrieve my quote', loaded on the first
 * click): it belongs to that widget, whose API client, snackbars and events it uses. `quoteUrl` is the
 * wizard; `newQuoteUrl` is where 'New Quote' goes (default: the wizard).
 */
export interface RetrieveDialogProps {
  open: boolean;
  onClose: () => void;
  /** Origin of the API, when the dialog is drawn on its own (inside another widget, that widget's). */
  apiBase?: string;
  quoteUrl: string;
  newQuoteUrl?: string;
  texts?: Partial<RetrieveQuoteTexts>;
  navigate?: (url: string) => void;
  /** The opening widget's button, where focus goes on close when the window opened by itself (Modal's `opener`). */
  opener?: RefObject<HTMLElement | null>;
}

function RetrieveDialogView({ open, onClose, quoteUrl, newQuoteUrl: newQuote, texts: overrides, navigate = goTo, opener }: RetrieveDialogProps) {
  const texts = { ...RETRIEVE_QUOTE_TEXTS, ...overrides };
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, retrieveQuoteStyles);
  return (
    <div ref={rootRef} className="ppm-root ppm-retrieve-quote ppm-retrieve-quote--modal">
      <Modal open={open} title={texts.title} onClose={onClose} closeLabel={texts.close} opener={opener}>
        <RetrieveForm
          mode="modal"
          quoteUrl={quoteUrl}
          newQuote={newQuote ?? quoteUrl}
          texts={texts}
          navigate={navigate}
          onBack={onClose}
        />
      </Modal>
    </div>
  );
}

export const RetrieveDialog = scoped<RetrieveDialogProps>('ppm-retrieve-quote', RetrieveDialogView);

interface RetrieveFormProps {
  mode: Mode;
  quoteUrl: string;
  newQuote: string;
  texts: RetrieveQuoteTexts;
  navigate: (url: string) => void;
  onBack: () => void;
}

function RetrieveForm({ mode, quoteUrl, newQuote, texts, navigate, onBack }: RetrieveFormProps) {
  useSignals();
  // Several forms may share one light DOM (four quote-start widgets on the home page): each needs its own ids.
  const id = `ppm-retrieve-quote${useId().replace(/[^\w-]/g, '')}`;
  const form = useForm<Values>(id, RULES, EMPTY);
  // the widget's own client and snackbars: nothing another widget on the page shows appears here
  const { api, snackbars, showSnackbar, dismissSnackbar, emit, reportError } = useWidget();
  const [busy, setBusy] = useState(false);
  const [sorryOpen, setSorryOpen] = useState(false);
  // the error summary's scope (core/ErrorSummary.tsx), as the other forms have it (issue 23)
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const busyRef = useRef(false);
  const sorryTextId = `${id}-sorry-text`;
  // The picker's window: 18 years ago back to 120 years ago (doc 1 section 5: "picker max 18 years ago").
  const bounds = birthDateBounds(LIMITS.policyholderMinAge, localToday());

  function snackbar(text: string) {
    showSnackbar('danger', text);
  }

  // A new try, or closing 'Sorry!', answers the last message: it goes rather than pile up under the next one.
  function dismissOwn() {
    for (const shown of snackbars.peek()) dismissSnackbar(shown.id);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    dismissOwn();
    if (signedIn(quoteUrl)) {
      navigate(lookupQuotesUrl(quoteUrl, globalThis.location.href));
      return;
    }
    // Doc 1: "Lookup runs only when all three are present"; a missing one also gets its field error.
    const missing = Object.values(form.values).some((value) => value.trim() === '');
    const values = form.validate();
    if (missing) snackbar(texts.missingFields);
    if (!values) return;
    const dob = usToIso(values.dateOfBirth);
    if (!dob) return; // the date rule already refused it; this keeps the types honest
    busyRef.current = true;
    setBusy(true);
    // One call: the API looks the quote up and answers a hand-over token for the wizard (destination.ts)
    const result = await api.call(endpoints.handover, {
      emailAddress: values.emailAddress,
      dob,
      zip: values.zipcode,
    });
    busyRef.current = false;
    setBusy(false);
    if (result.ok) {
      const url = handoverQuoteUrl(quoteUrl, result.data.token, globalThis.location.href);
      // The link carries a secret: it stays out of the event, which analytics listen to.
      const policyNumber = result.data.quoteNumber;
      if (emit('ppm-quote', { action: 'retrieved', policyNumber }, { cancelable: true })) navigate(url);
      return;
    }
    // What was typed stays: the person corrects it, or closes the 'Sorry!' window and tries again. Doc 1
    // section 8 also lists a snackbar with the same sentence; shown with the modal it was drawn inside it,
    // saying it twice (issue 23): the modal alone says it, read with its title (aria-describedby).
    if (result.status === 404) {
      setSorryOpen(true);
      reportError(404, texts.notFound, element.tag);
      return;
    }
    // 429 (too many tries) and 400 carry the server's own words; no answer at all gets ours.
    const message = result.status !== 0 && result.status < 500 ? (result.messages[0] ?? texts.failure) : texts.failure;
    snackbar(message);
    reportError(result.status, message, element.tag);
  }

  // A modal dialog sits above everything else in the top layer: the widget's snackbars are shown inside the
  // topmost open dialog of this form.
  const snacks = (where: 'form' | 'sorry'): ReactNode =>
    snackbars.value.length > 0 && (where === 'sorry') === sorryOpen ? <Snackbars closeLabel={texts.close} /> : null;

  // Doc 1 "My Policy page": inline, submit is disabled while errors are shown.
  const hasErrors = Object.values(form.errors).some(Boolean);
  const inline = mode === 'inline';

  return (
    <>
      <form
        ref={setFormElement}
        className="ppm-retrieve-quote__form"
        noValidate
        aria-label={inline ? texts.formLabel : undefined}
        aria-busy={busy}
        onSubmit={onSubmit}
        part="form"
      >
        <ErrorSummary scope={formElement} resetKey={0} headingLevel={3} />
        <p className="ppm-retrieve-quote__intro">{texts.intro}</p>
        <TextField label={texts.email} field={form.field('emailAddress')} type="email" autoComplete="email" />
        <DateField
          label={texts.dateOfBirth}
          field={form.field('dateOfBirth')}
          min={localMidnight(bounds.earliest)}
          max={localMidnight(bounds.latest)}
          hint={texts.dateHint}
          calendarLabel={texts.calendar}
        />
        <MaskedField label={texts.zipcode} field={form.field('zipcode')} mask="zip" autoComplete="postal-code" />
        <div className="ppm-retrieve-quote__actions">
          {!inline && (
            <button type="button" className="ppm-button ppm-button--secondary" part="back" onClick={onBack}>
              {texts.back}
            </button>
          )}
          <button
            type="submit"
            className="ppm-button"
            part="submit"
            disabled={inline && hasErrors}
            aria-disabled={busy || undefined}
          >
            {busy ? texts.searching : inline ? texts.submitInline : texts.submit}
          </button>
        </div>
      </form>
      {snacks('form')}
      <Modal
        open={sorryOpen}
        title={texts.sorryTitle}
        onClose={() => {
          setSorryOpen(false);
          dismissOwn();
        }}
        closeLabel={texts.close}
        describedBy={sorryTextId}
      >
        <p id={sorryTextId} className="ppm-retrieve-quote__sorry-text">
          {texts.sorryText}
        </p>
        <button type="button" className="ppm-button" part="new-quote" onClick={() => navigate(newQuote)}>
          {texts.newQuote}
        </button>
        {snacks('sorry')}
      </Modal>
    </>
  );
}
