import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { isStateCode } from '../../contract/index.ts';
import { useLoadedForm } from '../core/loaded-form.ts';
import { StateCombobox } from '../core/fields/StateCombobox.tsx';
import { TextField } from '../core/fields/TextField.tsx';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { scoped, useWidget } from '../core/widget.tsx';
import { notifyMeStyles } from './notify-me.styles.ts';
import { NOTIFY_ME_TEXTS, SUCCESS_MS, type NotifyMeTexts } from './notify-me.texts.ts';
import { element } from './notify-me.element.ts';
import type { NotifyMeValues as Values } from './notify-me.validation.ts';

/**
 * The availability sign-up (doc 1 sections 2, 5, 8): a visitor outside the states we write leaves their
 * name, e-mail and state to be told when the product launches there. POST /api/contact/subscribe.
 */
export interface NotifyMeProps {
  /** Origin of the API; default same-origin, or the loader's origin when embedded. */
  apiBase?: string;
  /** Two-letter state to preselect; used only when it is one of the 50 states or DC. */
  state?: string;
  /** Replacement texts, merged over NOTIFY_ME_TEXTS. */
  texts?: Partial<NotifyMeTexts>;
  /** How long the success notice stays (doc 1: 10 s); tests shorten it. */
  successMs?: number;
}

/** The rules, their checker and the endpoint, loaded on the first focus or submit (notify-me.validation.ts). */
const validation = () => import('./notify-me.validation.ts');
const loadChecker = () => validation().then((module) => module.checker);

type Status = { kind: 'success' | 'info' | 'danger'; text: string } | null;

/** A two-letter code in the list (doc 1 section 5: "if in the list"), else ''. */
function stateCodeOf(candidate: string | null | undefined): string {
  const code = candidate?.trim().toUpperCase();
  return isStateCode(code) ? code : '';
}

function NotifyMeView({ state, texts: overrides, successMs = SUCCESS_MS }: NotifyMeProps) {
  const texts = { ...NOTIFY_ME_TEXTS, ...overrides };
  // its own API client (from its api-base) and events from its host (widget.tsx); the client's code loads
  // with the rules, on the first focus or submit, not on arrival (widget.api starts it when first read)
  const widget = useWidget();
  const { rootRef, emit, reportError } = widget;
  useAdoptedStyles(rootRef, notifyMeStyles);

  // The `state` attribute, else the page's ?state= (doc 1 section 5). The query is read after the first
  // render: an island's server render cannot see it, and hydration keeps the server's DOM, so a first render
  // that read it would show an empty state while holding (and sending) another (/unavailable?state=MT).
  const [queryState, setQueryState] = useState('');
  useEffect(() => setQueryState(stateCodeOf(new URLSearchParams(location.search).get('state'))), []);
  const initial = useMemo<Values>(
    () => ({ firstName: '', lastName: '', email: '', state: stateCodeOf(state) || queryState }),
    [state, queryState],
  );
  const form = useLoadedForm<Values>(
    'ppm-notify-me',
    () => {
      void widget.api;
      return loadChecker();
    },
    initial,
  );
  const [busy, setBusy] = useState(false);
  // set before the first submit waits for the rules to load, so a second press then sends nothing twice
  const submitting = useRef(false);
  const [status, setStatus] = useState<Status>(null);
  // the error summary, which comes with the rules, and the submits refused so far, which arm it
  const [refused, setRefused] = useState<{ Summary: Awaited<ReturnType<typeof validation>>['NotifyMeSummary']; count: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // An attribute set after the first render (or a new one) still prefills an untouched state field.
  useEffect(() => {
    if (!form.values.state && initial.state) form.field('state').onChange(initial.state);
  }, [initial.state]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(next: Status, ms?: number) {
    clearTimeout(timer.current);
    setStatus(next);
    if (ms !== undefined) timer.current = setTimeout(() => setStatus(null), ms);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await send();
    } finally {
      submitting.current = false;
    }
  }

  async function send() {
    let values: Values | null;
    let later: Awaited<ReturnType<typeof validation>>;
    try {
      values = await form.validate();
      later = await validation();
    } catch {
      // the rules could not load (offline): nothing was sent, and what the person typed stays
      show({ kind: 'danger', text: texts.failure });
      return;
    }
    if (!values) {
      setRefused((before) => ({ Summary: later.NotifyMeSummary, count: (before?.count ?? 0) + 1 }));
      return;
    }
    setBusy(true);
    show(null);
    const outcome = await later.signUp(widget.api, values);
    setBusy(false);
    if (outcome.kind === 'failed') {
      // A failed call never throws away what the person typed: they fix it or try again.
      const text = outcome.message ?? texts.failure;
      show({ kind: 'danger', text });
      reportError(outcome.status, text);
      return;
    }
    const alreadySubscribed = outcome.kind === 'already-subscribed';
    if (alreadySubscribed) show({ kind: 'info', text: texts.alreadySubscribed });
    else show({ kind: 'success', text: texts.success }, successMs);
    form.reset();
    emit('ppm-subscribe', { state: outcome.state, alreadySubscribed });
  }

  return (
    <div ref={rootRef} className="ppm-root ppm-notify-me" part="base">
      <form className="ppm-notify-me__form" noValidate aria-busy={busy} onSubmit={onSubmit} part="form">
        {refused && <refused.Summary root={rootRef} armKey={refused.count} />}
        <TextField label={texts.firstName} field={form.field('firstName')} autoComplete="given-name" />
        <TextField label={texts.lastName} field={form.field('lastName')} autoComplete="family-name" />
        <div className="ppm-notify-me__wide">
          <TextField label={texts.email} field={form.field('email')} type="email" autoComplete="email" />
        </div>
        <div className="ppm-notify-me__wide">
          <StateCombobox label={texts.state} field={form.field('state')} noMatchText={texts.stateNoMatch} />
        </div>
        <div className="ppm-notify-me__status" aria-live="polite" aria-atomic="true" part="status">
          {status && (
            <p className={`ppm-notice ppm-notice--${status.kind}`} part={`notice notice-${status.kind}`}>
              {status.text}
            </p>
          )}
        </div>
        <div className="ppm-notify-me__actions ppm-notify-me__wide">
          <button type="submit" className="ppm-button" part="submit" aria-disabled={busy || undefined}>
            {busy ? texts.sending : texts.submit}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The widget with its own context (widget.tsx): its element's, or its own as an island on our site. */
export const NotifyMe = scoped<NotifyMeProps>(element.tag, NotifyMeView);
