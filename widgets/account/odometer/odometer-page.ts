/**
 * <account-odometer>: the odometer photo page, /odometer?token=... (issue 8), made for a phone. It takes the
 * link's token off the address bar (kept in this tab's sessionStorage, so a reload still works), loads the
 * policy's vehicles with GET /api/odometer, and shows one card per vehicle: year, make and model, the end of
 * its VIN and its latest reading in words. A vehicle that still needs a photo gets the billing period its
 * reading closes (or that it counts in the next bill) and a form: the photo (the
 * camera on a phone), its preview, the reading, 'Send photo'. The upload is multipart to POST
 * /api/odometer/photo; its outcome shows on the same card, and a failure keeps the reading and the photo.
 * A page element of our own site (STYLE.md habit 10): no attributes or events.
 */
import { odometerPhoto, odometerView } from '../../../contract/api/endpoints/documents.ts';
import type { OdometerPhotoAnswer, OdometerReadingView, OdometerView } from '../../../contract/api/onboarding.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { formatIsoDate, localToday } from '../../../contract/rules/dates.ts';
import { createApiClient } from '../../core/api-client.ts';
import { adoptAccountStyles, deadEnd, h, loadingMessage, takeLinkToken } from '../dom.ts';
import { checkOnLeave, errorSummary, inputField, type ErrorSummary, type PlainField } from '../form-fields.ts';
import { latestInWords, periodInWords, photoForm, photoProblem, readingProblem, standingOf, uploadProblems, type PhotoProblem } from './odometer-logic.ts';
import { ODOMETER_TEXTS as T } from './odometer.texts.ts';

const ODOMETER_TAG = 'account-odometer';
/** Where the link's token waits for a reload of this tab. */
export const ODOMETER_TOKEN_KEY = 'ppm-odometer-token';

type Vehicle = OdometerView['vehicles'][number];

class AccountOdometer extends HTMLElement {
  private started = false;

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    adoptAccountStyles();
    this.classList.add('ppm-root', 'account-odometer');
    const token = takeLinkToken(ODOMETER_TOKEN_KEY);
    if (token) void this.load(token);
    else this.replaceChildren(...deadEnd(T.noToken, T.myPolicyLink));
  }

  private async load(token: string): Promise<void> {
    this.replaceChildren(loadingMessage(T.loading));
    const result = await createApiClient('').call(odometerView, null, { query: { token } });
    if (!result.ok) {
      const message = result.status >= 400 && result.status < 500 ? (result.messages[0] ?? T.noToken) : T.loadFailure;
      this.replaceChildren(...deadEnd(message, T.myPolicyLink));
      return;
    }
    const { policyNumber, vehicles } = result.data;
    this.replaceChildren(
      h('p', { class: 'account-note' }, T.policy(policyNumber)),
      h('p', {}, T.intro),
      h('div', { class: 'account-vehicles' }, ...vehicles.map((vehicle) => new VehicleCard(token, vehicle).element)),
    );
  }
}

/** One vehicle: its facts, its standing, and while a photo is wanted, the form that sends it. */
class VehicleCard {
  readonly element: HTMLElement;
  private readonly token: string;
  private readonly vehicle: Vehicle;
  private readonly heading: HTMLElement;
  private readonly latest: HTMLElement;
  private readonly outcome = h('div', { 'aria-live': 'polite' });
  private form: HTMLFormElement | null = null;

  constructor(token: string, vehicle: Vehicle) {
    this.token = token;
    this.vehicle = vehicle;
    const id = `account-vehicle-${vehicle.carNumber}`;
    this.heading = h('h2', { id: `${id}-name` }, `${vehicle.year} ${vehicle.make} ${vehicle.model}`);
    this.latest = h('p', { class: 'account-vehicle__latest' }, latestInWords(vehicle.latest));
    this.element = h(
      'section',
      { class: 'account-card account-vehicle', 'aria-labelledby': `${id}-name` },
      h('div', { class: 'account-vehicle__head' }, this.heading),
      h('p', { class: 'account-vehicle__vin' }, T.vinEnding(vehicle.vinEnd)),
      this.latest,
      this.outcome,
    );
    const standing = standingOf(vehicle.latest);
    if (standing === 'done') this.markDone();
    if (standing === 'open') {
      this.form = new PhotoForm(id, (form) => this.send(form)).form;
      const period = periodInWords(vehicle.readingCloses);
      if (period) this.element.append(h('p', { class: 'account-vehicle__period' }, period));
      this.element.append(this.form);
    }
  }

  private markDone(): void {
    this.heading.after(h('span', { class: 'account-badge' }, T.done));
  }

  /** Sends the photo; a kept reading (verified, or held for review) closes the form, anything else keeps it. */
  private async send(form: PhotoForm): Promise<void> {
    const photo = form.photoFile();
    if (!photo) return;
    const reading = form.reading.control.value.trim();
    this.outcome.replaceChildren();
    const result = await createApiClient('').upload(odometerPhoto, photoForm(this.token, this.vehicle.carNumber, reading, photo));
    if (result.ok) {
      this.settle(result.data.status, result.data.message, { status: result.data.status, reading: Number(reading), sentOn: formatIsoDate(localToday()) });
    } else if (result.messages.includes(MESSAGES.odometerAlreadyVerified)) {
      this.settle('verified', MESSAGES.odometerAlreadyVerified, null);
    } else {
      form.showProblems(uploadProblems(result.status, result.messages));
    }
  }

  /** A reading was kept: the form goes, the answer's message shows, a verified vehicle is done. */
  private settle(status: OdometerPhotoAnswer['status'], message: string, latest: OdometerReadingView | null): void {
    this.form?.remove();
    this.form = null;
    if (latest) this.latest.textContent = latestInWords(latest);
    this.outcome.replaceChildren(h('p', { class: `ppm-notice ${status === 'verified' ? 'ppm-notice--success' : 'ppm-notice--info'}` }, message));
    if (status === 'verified') this.markDone();
  }
}

/** The form of one vehicle: the photo with its preview, the reading, 'Send photo', and its error summary. */
class PhotoForm {
  readonly form: HTMLFormElement;
  readonly photo: PlainField;
  readonly reading: PlainField;
  private readonly summary: ErrorSummary;
  private readonly preview: HTMLImageElement;
  private readonly button = h('button', { type: 'submit', class: 'ppm-button account-send' }, T.send);
  private previewUrl: string | null = null;
  private sending = false;

  constructor(id: string, onSend: (form: PhotoForm) => Promise<void>) {
    this.summary = errorSummary(`${id}-errors`, T.summaryTitle);
    this.photo = inputField({
      id: `${id}-photo`,
      label: T.photo,
      hint: T.photoHint,
      input: h('input', { type: 'file', name: 'photo', accept: 'image/*', capture: 'environment', class: 'account-file' }),
    });
    this.preview = h('img', { class: 'account-preview', alt: T.previewAlt, hidden: true });
    // a photo this browser cannot show (HEIC on a desktop) is still sent: only its preview goes
    this.preview.addEventListener('error', () => (this.preview.hidden = true));
    this.reading = inputField({
      id: `${id}-reading`,
      label: T.reading,
      hint: T.readingHint,
      input: h('input', { type: 'text', name: 'reading', inputmode: 'numeric', pattern: '[0-9]*', maxlength: 7, autocomplete: 'off', class: 'account-reading' }),
    });
    this.form = h(
      'form',
      { novalidate: true },
      this.summary.element,
      this.photo.element,
      this.preview,
      this.reading.element,
      h('div', { class: 'account-actions' }, this.button),
    );
    this.listen(onSend);
  }

  photoFile(): File | undefined {
    return this.photo.control.files?.[0];
  }

  private listen(onSend: (form: PhotoForm) => Promise<void>): void {
    const { photo, reading } = this;
    // A chosen photo is a finished answer, so it is checked at once; the reading waits for blur (STYLE.md habit 6).
    photo.control.addEventListener('change', () => {
      this.showPreview(this.photoFile());
      photo.setError(this.photoFile() ? photoProblem(this.photoFile()) : undefined);
    });
    checkOnLeave(this.form, reading, readingProblem);
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (this.sending || !this.validate()) return;
      this.setSending(true);
      void onSend(this).finally(() => this.setSending(false));
    });
  }

  private validate(): boolean {
    const problems: PhotoProblem[] = [];
    const photoMessage = photoProblem(this.photoFile());
    if (photoMessage) problems.push({ message: photoMessage, field: 'photo' });
    const readingMessage = readingProblem(this.reading.control.value);
    if (readingMessage) problems.push({ message: readingMessage, field: 'reading' });
    this.photo.setError(undefined);
    this.reading.setError(undefined);
    if (problems.length === 0) {
      this.summary.hide();
      return true;
    }
    this.showProblems(problems);
    return false;
  }

  /** Each problem in the summary, linked to its field when it has one; focus on the first field, else the summary. */
  showProblems(problems: readonly PhotoProblem[]): void {
    const fields = { photo: this.photo, reading: this.reading };
    for (const { message, field } of problems) if (field) fields[field].setError(message);
    this.summary.show(problems.map(({ message, field }) => (field ? { message, field: fields[field].control } : { message })));
    const first = problems.find((problem) => problem.field)?.field;
    (first ? fields[first].control : this.summary.element).focus();
  }

  private showPreview(file: File | undefined): void {
    if (this.previewUrl) URL.revokeObjectURL(this.previewUrl);
    this.previewUrl = file?.type.startsWith('image/') ? URL.createObjectURL(file) : null;
    this.preview.hidden = this.previewUrl === null;
    if (this.previewUrl) this.preview.src = this.previewUrl;
    else this.preview.removeAttribute('src');
  }

  private setSending(sending: boolean): void {
    this.sending = sending;
    this.button.textContent = sending ? T.sending : T.send;
    if (sending) this.button.setAttribute('aria-disabled', 'true');
    else this.button.removeAttribute('aria-disabled');
  }
}

if (!customElements.get(ODOMETER_TAG)) customElements.define(ODOMETER_TAG, AccountOdometer);

declare global {
  interface HTMLElementTagNameMap {
    'account-odometer': AccountOdometer;
  }
}
