/**
 * The odometer photo page, /odometer?token=... (issue 8), made for a phone; an island of our site on
 * widgets/core. It takes the link's token off the address bar at once (link-token.ts; kept in this tab's
 * sessionStorage, so a reload still works), loads the policy's vehicles with GET /api/odometer, and shows one
 * card per vehicle: year, make and model, the end of its VIN and its latest reading in words. A vehicle that
 * still needs a photo gets the billing period its reading closes (or that it counts in the next bill) and a
 * form: the photo (the camera on a phone), its preview, the reading, 'Send photo'. The upload is multipart to
 * POST /api/odometer/photo; its outcome shows on the same card, and a failure keeps the reading and the photo.
 * The decisions (standing, words, checks, the multipart body) are odometer-logic.ts's, tested in node.
 *
 * Issue 24: the chosen photo shows with the guide frame over it (GuideFrame.tsx), which the person fits to
 * the digits; its box goes with the original file. When both readers read another number than the typed one,
 * the answer is a suggestion: its heading and message show above the form, which keeps the reading, the photo
 * and the frame, and takes the focus; the next send names the suggested attempt.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { OdometerBox } from '../../../contract/api/onboarding.ts';
import { odometerPhoto, odometerView } from '../../../contract/api/endpoints/documents.ts';
import type { OdometerPhotoAnswer, OdometerReadingView, OdometerView } from '../../../contract/api/onboarding.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { formatIsoDate, localToday } from '../../../contract/rules/dates.ts';
import { ErrorSummary } from '../../core/ErrorSummary.tsx';
import { describedBy } from '../../core/fields/ErrorMessage.tsx';
import { FieldFrame } from '../../core/fields/FieldFrame.tsx';
import { TextField } from '../../core/fields/TextField.tsx';
import { useFormCore, useLocalValues } from '../../core/form-core.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { ACCOUNT_SUMMARY_TEXTS, DeadEnd, Loading, Refusal, validateNow } from '../AccountParts.tsx';
import { takeLinkToken } from '../link-token.ts';
import { GuideFrame } from './GuideFrame.tsx';
import { DEFAULT_BOX } from './guide-frame-logic.ts';
import { latestInWords, periodInWords, photoForm, photoProblem, readingProblem, standingOf, uploadProblems, type PhotoProblem } from './odometer-logic.ts';
import { ODOMETER_TEXTS as T } from './odometer.texts.ts';

/** Where the link's token waits for a reload of this tab. */
export const ODOMETER_TOKEN_KEY = 'ppm-odometer-token';
const ODOMETER_WIDGET = 'ppm-account-odometer';

type Vehicle = OdometerView['vehicles'][number];
/** What a kept reading became (a suggestion keeps the form open instead). */
type Status = Exclude<OdometerPhotoAnswer['status'], 'suggested'>;
type Shown = { kind: 'loading' } | { kind: 'dead-end'; message: string } | { kind: 'vehicles'; view: OdometerView };

function OdometerPageView() {
  const { api, rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles]);
  // off the address bar before anything else happens (a state initialiser runs once, in the first render)
  const [token] = useState(() => takeLinkToken(ODOMETER_TOKEN_KEY));
  const [shown, setShown] = useState<Shown>(() => (token ? { kind: 'loading' } : { kind: 'dead-end', message: T.noToken }));

  useEffect(() => {
    if (!token) return;
    let alive = true;
    void api.call(odometerView, null, { query: { token } }).then((result) => {
      if (!alive) return;
      if (result.ok) return setShown({ kind: 'vehicles', view: result.data });
      const message = result.status >= 400 && result.status < 500 ? (result.messages[0] ?? T.noToken) : T.loadFailure;
      setShown({ kind: 'dead-end', message });
    });
    return () => void (alive = false);
  }, []);

  let content;
  if (shown.kind === 'dead-end') content = <DeadEnd message={shown.message} linkText={T.myPolicyLink} />;
  else if (shown.kind === 'loading' || !token) content = <Loading text={T.loading} />;
  else {
    content = (
      <>
        <p className="account-note">{T.policy(shown.view.policyNumber)}</p>
        <p>{T.intro}</p>
        <div className="account-vehicles">
          {shown.view.vehicles.map((vehicle) => (
            <VehicleCard key={vehicle.carNumber} token={token} vehicle={vehicle} />
          ))}
        </div>
      </>
    );
  }
  return (
    <div ref={rootRef} className="ppm-root account-odometer">
      {content}
    </div>
  );
}

/** One vehicle: its facts, its standing, and while a photo is wanted, the form that sends it. */
function VehicleCard({ token, vehicle }: { token: string; vehicle: Vehicle }) {
  const id = `account-vehicle-${vehicle.carNumber}`;
  // where it stood when the page loaded: a vehicle that wanted a photo keeps its period's line after sending
  const [standing] = useState(() => standingOf(vehicle.latest));
  const [latest, setLatest] = useState(vehicle.latest);
  const [done, setDone] = useState(standing === 'done');
  const [formShown, setFormShown] = useState(standing === 'open');
  const [outcome, setOutcome] = useState<{ status: Status; message: string } | null>(null);
  const period = standing === 'open' ? periodInWords(vehicle.readingCloses) : null;
  // a photo waiting for our team may be replaced while it waits: the way to the form again, focused when chosen
  const waiting = !done && (outcome ? outcome.status === 'needs_review' : standingOf(latest) === 'waiting');
  const [focusForm, setFocusForm] = useState(false);
  useEffect(() => {
    if (focusForm && formShown) document.getElementById(`${id}-photo`)?.focus();
  }, [focusForm, formShown]);

  /** A reading was kept (verified, or held for review): the form goes, the answer's message shows, a verified vehicle is done. */
  const settle = (status: Status, message: string, kept: OdometerReadingView | null) => {
    setFormShown(false);
    setFocusForm(false);
    if (kept) setLatest(kept);
    setOutcome({ status, message });
    if (status !== 'needs_review') setDone(true);
  };

  return (
    <section className="account-card account-vehicle" aria-labelledby={`${id}-name`}>
      <div className="account-vehicle__head">
        <h2 id={`${id}-name`}>{`${vehicle.year} ${vehicle.make} ${vehicle.model}`}</h2>
        {done && <span className="account-badge">{T.done}</span>}
      </div>
      <p className="account-vehicle__vin">{T.vinEnding(vehicle.vinEnd)}</p>
      <p className="account-vehicle__latest">{latestInWords(latest)}</p>
      <div aria-live="polite">
        {outcome && <p className={`ppm-notice ${outcome.status === 'needs_review' ? 'ppm-notice--info' : 'ppm-notice--success'}`}>{outcome.message}</p>}
      </div>
      {period && <p className="account-vehicle__period">{period}</p>}
      {waiting && !formShown && (
        <div className="account-send-again">
          <p>{T.sendAgainHint}</p>
          <button
            type="button"
            className="ppm-button ppm-button--secondary"
            onClick={() => {
              setFormShown(true);
              setFocusForm(true);
            }}
          >
            {T.sendAgain}
          </button>
        </div>
      )}
      {formShown && <PhotoForm id={id} token={token} carNumber={vehicle.carNumber} onKept={settle} />}
    </section>
  );
}

type Values = { photo: string; reading: string };

/**
 * The form of one vehicle: the photo with its preview, the reading, 'Send photo'. Problems at a field show
 * there and in core's summary; one that belongs to no field (a rejection after reading the photo, no answer)
 * in the summary's box, which takes the focus (Refusal). A failure keeps the reading and the chosen photo.
 */
function PhotoForm({ id, token, carNumber, onKept }: { id: string; token: string; carNumber: number; onKept: (status: Status, message: string, latest: OdometerReadingView | null) => void }) {
  const { api } = useWidget();
  const photo = useRef<File | undefined>(undefined);
  const local = useLocalValues<Values>({ photo: '', reading: '' });
  const form = useFormCore<Values>(
    id,
    () => ({ names: ['photo', 'reading'], message: (name, value) => (name === 'photo' ? photoProblem(photo.current) : readingProblem(value)) }),
    local.values,
    local.set,
  );
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [preview, setPreview] = useState<{ url: string; broken: boolean } | null>(null);
  // the guide frame's box over the shown photo (issue 24); a new photo starts from the default, not placed
  const [box, setBox] = useState<OdometerBox>(DEFAULT_BOX);
  const [placed, setPlaced] = useState(false);
  // what both readers read, shown until the next answer; its attempt goes with the next send (issue 24)
  const [suggestion, setSuggestion] = useState<{ attempt: number; message: string; shown: number } | null>(null);
  const suggestionHeading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [refusal, setRefusal] = useState<{ message: string; shown: number } | null>(null);
  const refusals = useRef(0);
  // a server's problems at the fields: arms core's summary, and the first such field takes the focus after
  // the render (after the refusal's box, which focuses itself, when both show)
  const [answered, setAnswered] = useState<{ count: number; focus: keyof Values } | null>(null);

  useEffect(() => {
    if (answered) form.focus(answered.focus);
  }, [answered?.count]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview?.url]);
  useEffect(() => {
    if (suggestion) suggestionHeading.current?.focus();
  }, [suggestion?.shown]);

  const photoField = form.field('photo');

  // A chosen photo is a finished answer, so it is checked at once; the reading waits for blur (STYLE.md habit 6).
  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    photo.current = file;
    setPreview(file?.type.startsWith('image/') ? { url: URL.createObjectURL(file), broken: false } : null);
    setBox(DEFAULT_BOX);
    setPlaced(false);
    form.setError('photo', file ? photoProblem(file) : undefined);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setRefusal(null);
    if (!validateNow(form)) return;
    const file = photo.current;
    if (!file) return;
    const reading = form.latest().reading.trim();
    sending.current = true;
    setBusy(true);
    // the box only over a photo this browser showed, once the person placed it (a frame left where it
    // started says nothing of where the digits are): without it the server reads the whole photo
    const framed = preview && !preview.broken && placed ? box : null;
    const result = await api.upload(odometerPhoto, photoForm(token, carNumber, reading, file, { box: framed, afterSuggestion: suggestion?.attempt ?? null }));
    sending.current = false;
    setBusy(false);
    if (result.ok) {
      const answer = result.data;
      if (answer.status === 'suggested') {
        // the reading, the photo and the frame stay; the heading takes the focus, its message is read next
        const attempt = answer.suggestion?.attempt ?? suggestion?.attempt ?? 0;
        setSuggestion((old) => ({ attempt, message: answer.message, shown: (old?.shown ?? 0) + 1 }));
      } else {
        onKept(answer.status, answer.message, { status: answer.status, reading: Number(reading), sentOn: formatIsoDate(localToday()) });
      }
    } else if (result.messages.includes(MESSAGES.odometerAlreadyVerified)) {
      onKept('verified', MESSAGES.odometerAlreadyVerified, null);
    } else {
      showProblems(uploadProblems(result.status, result.messages));
    }
  }

  /** Each problem at its field, or in the refusal's box; focus on the first field, else that box. */
  function showProblems(problems: readonly PhotoProblem[]) {
    for (const { message, field } of problems) if (field) form.setError(field, message);
    const loose = problems.filter((problem) => !problem.field).map((problem) => problem.message);
    if (loose.length > 0) setRefusal({ message: loose.join(' '), shown: ++refusals.current });
    const first = problems.find((problem) => problem.field)?.field;
    if (first) setAnswered((old) => ({ count: (old?.count ?? 0) + 1, focus: first }));
  }

  return (
    <form ref={setFormElement} noValidate onSubmit={onSubmit}>
      <ErrorSummary scope={formElement} resetKey={0} armKey={answered?.count} texts={{ ...ACCOUNT_SUMMARY_TEXTS, heading: T.summaryTitle }} />
      {refusal && <Refusal id={`${id}-errors`} title={T.summaryTitle} message={refusal.message} shown={refusal.shown} />}
      {suggestion && (
        <div className="ppm-notice ppm-notice--info account-suggestion" aria-labelledby={`${id}-suggestion`}>
          <h3 id={`${id}-suggestion`} ref={suggestionHeading} tabIndex={-1} className="account-suggestion__title">
            {T.suggestionTitle}
          </h3>
          <p>{suggestion.message}</p>
        </div>
      )}
      <FieldFrame label={T.photo} hint={T.photoHint} field={photoField}>
        <input
          ref={photoField.inputRef}
          id={photoField.id}
          name={photoField.name}
          type="file"
          accept="image/*"
          capture="environment"
          className="ppm-input account-file"
          aria-invalid={photoField.error ? true : undefined}
          aria-describedby={describedBy(photoField.id, photoField.error, T.photoHint)}
          onChange={onChoose}
        />
      </FieldFrame>
      {preview && !preview.broken && (
        <GuideFrame
          id={id}
          src={preview.url}
          box={box}
          onBox={(next) => {
            setBox(next);
            setPlaced(true);
          }}
          // a photo this browser cannot show (HEIC on a desktop) is still sent: only its preview and frame go
          onBroken={() => setPreview((old) => old && { ...old, broken: true })}
        />
      )}
      <TextField label={T.reading} hint={T.readingHint} field={form.field('reading')} inputMode="numeric" pattern="[0-9]*" className="account-reading" maxLength={7} autoComplete="off" />
      <div className="account-actions">
        <button type="submit" className="ppm-button account-send" aria-disabled={busy || undefined}>
          {busy ? T.sending : T.send}
        </button>
      </div>
    </form>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const OdometerPage = scoped<object>(ODOMETER_WIDGET, OdometerPageView);
