import { useEffect, useRef, useState, type ReactElement, type RefObject } from 'react';
import { ErrorMessage, describedBy } from '../../../core/fields/ErrorMessage.tsx';
import { CARD_FIELD_TEXTS } from './card-field.texts.ts';
import type { CardField, CardState, mountStripeCard, StripeCard } from './stripe-card.ts';

/**
 * Stripe's three card fields where a card is typed on our own origin: step 6 (a token for the bind) and the
 * account's card page (a SetupIntent). One place mounts them (stripe-card.ts, loaded only when Stripe is on),
 * tracks what Stripe says of each, shows the spec's message for one left incomplete (doc 3 section 5) and
 * draws them labelled in the light DOM, so both pages ask for a card the same way.
 */
export type MountCard = typeof mountStripeCard;

const FIELDS: readonly CardField[] = ['cardNumber', 'cardExpiry', 'cardCvc'];
const EMPTY_STATE: CardState = { complete: { cardNumber: false, cardExpiry: false, cardCvc: false }, errors: {} };

export interface StripeFieldsOptions {
  /** The key to mount with; null while Stripe is not the card form (test mode, loading). */
  publishableKey: string | null;
  /** Tests pass their own; default stripe-card.ts's, imported only now. */
  mount: MountCard | undefined;
  /** Stripe reported a change (step 6: another card is another attempt). */
  onChange?: () => void;
  /** Stripe.js could not be loaded or mounted. */
  onFailed: () => void;
}

export interface StripeFields {
  /** The mounted fields, once Stripe.js is up. */
  card: RefObject<StripeCard | null>;
  /** Complete, else shows each field's message and focuses the first one incomplete; true when all are. */
  validate(): boolean;
  /**
   * Draws the three labelled fields; `idPrefix` names their ids, `classPrefix` their classes ('ppm-payment').
   * A function to call, not a component: the containers Stripe mounted into must stay the same elements.
   */
  render(props: { idPrefix: string; classPrefix: string }): ReactElement;
}

export function useStripeFields({ publishableKey, mount, onChange, onFailed }: StripeFieldsOptions): StripeFields {
  const card = useRef<StripeCard | null>(null);
  const [state, setState] = useState<CardState>(EMPTY_STATE);
  const [shown, setShown] = useState<Partial<Record<CardField, string>>>({});
  const containers = { cardNumber: useRef<HTMLDivElement>(null), cardExpiry: useRef<HTMLDivElement>(null), cardCvc: useRef<HTMLDivElement>(null) };
  const latest = useRef({ onChange, onFailed });
  latest.current = { onChange, onFailed };

  useEffect(() => {
    if (publishableKey === null) return;
    const targets = { cardNumber: containers.cardNumber.current, cardExpiry: containers.cardExpiry.current, cardCvc: containers.cardCvc.current };
    if (!targets.cardNumber || !targets.cardExpiry || !targets.cardCvc) return;
    let alive = true;
    const mountWith = mount ?? (async (...args: Parameters<MountCard>) => (await import('./stripe-card.ts')).mountStripeCard(...args));
    mountWith(publishableKey, targets as Record<CardField, HTMLElement>, (next) => {
      latest.current.onChange?.();
      setState(next);
      // reward early: a shown message goes once Stripe says the field is right
      setShown((before) => Object.fromEntries(Object.entries(before).filter(([field]) => !next.complete[field as CardField])));
    }).then(
      (mounted) => {
        if (alive) card.current = mounted;
        else mounted.destroy();
      },
      () => alive && latest.current.onFailed(),
    );
    return () => {
      alive = false;
      card.current?.destroy();
      card.current = null;
    };
  }, [publishableKey]);

  function validate(): boolean {
    const required: Record<CardField, string> = {
      cardNumber: CARD_FIELD_TEXTS.cardNumberRequired, cardExpiry: CARD_FIELD_TEXTS.cardExpiryRequired, cardCvc: CARD_FIELD_TEXTS.cardCvcRequired,
    };
    const messages: Partial<Record<CardField, string>> = {};
    for (const field of FIELDS) if (!state.complete[field]) messages[field] = state.errors[field] ?? required[field];
    setShown(messages);
    const first = FIELDS.find((field) => messages[field]);
    if (first) card.current?.focus(first);
    return first === undefined;
  }

  function render({ idPrefix, classPrefix }: { idPrefix: string; classPrefix: string }) {
    const field = (name: CardField) => (
      <StripeField
        id={`${idPrefix}-${name}`} label={CARD_FIELD_TEXTS[name]} error={shown[name]} container={containers[name]} classPrefix={classPrefix}
        onLabel={() => card.current?.focus(name)}
      />
    );
    return (
      <>
        {field('cardNumber')}
        <div className={`${classPrefix}__row`}>
          {field('cardExpiry')}
          {field('cardCvc')}
        </div>
      </>
    );
  }

  return { card, validate, render };
}

/**
 * One of Stripe's iframes in our field frame. Its name is a visible text, not a <label>: a label's `for`
 * may only name a form control, and Stripe mounts its input inside an iframe in our <div>, which no label
 * of ours can reach. The div is a group named by that text (aria-labelledby) and described by our message,
 * so a screen reader entering Stripe's input hears which field it is in and what is wrong; Stripe labels
 * its own input inside the frame. A click on the text focuses Stripe's input, as a label's click would.
 */
function StripeField({ id, label, error, container, classPrefix, onLabel }: {
  id: string; label: string; error: string | undefined; container: RefObject<HTMLDivElement | null>; classPrefix: string; onLabel: () => void;
}) {
  const element = `${classPrefix}__element`;
  const labelId = `${id}-label`;
  return (
    <div className={error ? 'ppm-field ppm-field--error' : 'ppm-field'} part="field">
      <span id={labelId} className="ppm-label" part="label" onClick={onLabel}>
        {label}
      </span>
      <ErrorMessage fieldId={id} message={error} />
      <div
        id={id} ref={container} role="group" aria-labelledby={labelId} aria-describedby={describedBy(id, error)}
        className={error ? `ppm-input ${element} ${element}--error` : `ppm-input ${element}`} onClick={onLabel}
      />
    </div>
  );
}
