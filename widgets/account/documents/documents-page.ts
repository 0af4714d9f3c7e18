/**
 * <account-documents>: the documents page, /account/documents/{token} (doc 1 "Documents page", sections 7
 * to 9). It reads the token from the address's last segment, lists the policy's documents with GET
 * /api/documents?id={token}, and shows one of four states:
 *   loading     - 'Loading...';
 *   onboarding  - an e-signature or odometer request is open: the e-sign link, the odometer-photo link with
 *                 a QR code of it (a person on a computer opens it on the phone), then the PDFs already there;
 *   documents   - tiles 'ID Card', 'Declaration Page' (and 'Signed Application'), newest of each kind, each
 *                 opening its PDF in a new tab;
 *   expired     - the expired or 'unable to locate' message with a link back to /account/my-policy.
 * A page element of our own site (STYLE.md habit 10), not an embeddable widget: no attributes or events.
 */
import { documentList } from '../../../contract/api/endpoints/documents.ts';
import type { PolicyDocument } from '../../../contract/api/documents.ts';
import { createApiClient } from '../../core/api-client.ts';
import { adoptAccountStyles, deadEnd, h, loadingMessage, safeHref } from '../dom.ts';
import { documentsView, failureKind, qrImageUrl, tokenFromPath, usDate, type DocumentFile, type FileKind } from './documents-logic.ts';
import { DOCUMENTS_TEXTS as T } from './documents.texts.ts';

const DOCUMENTS_TAG = 'account-documents';

const FILE_NAMES: Record<FileKind, string> = {
  card: T.card, declaration: T.declaration, 'signed-application': T.signedApplication, 'cancellation-notice': T.cancellationNotice,
};

class AccountDocuments extends HTMLElement {
  connectedCallback(): void {
    adoptAccountStyles();
    this.classList.add('ppm-root');
    void this.load();
  }

  private async load(): Promise<void> {
    this.replaceChildren(loadingMessage(T.loading));
    const token = tokenFromPath(location.pathname);
    if (!token) {
      this.replaceChildren(...failure('expired'));
      return;
    }
    const result = await createApiClient('').call(documentList, null, { query: { id: token } });
    if (!result.ok) {
      this.replaceChildren(...failure(failureKind(result.status)));
      return;
    }
    const view = documentsView(result.data.data.documents);
    if (view.mode === 'none') this.replaceChildren(...failure('expired'));
    else if (view.mode === 'documents') {
      const cancelledOn = result.data.data.cancelledOn;
      this.replaceChildren(
        h('h2', {}, T.documentsTitle),
        ...(cancelledOn ? [h('p', { class: 'account-note', role: 'status' }, T.cancelled(usDate(cancelledOn)))] : []),
        tiles(view.files),
      );
    }
    else this.replaceChildren(...onboarding(view.esign, view.odometer, view.files));
  }
}

function failure(kind: 'expired' | 'unavailable'): HTMLElement[] {
  return deadEnd(kind === 'expired' ? T.linkExpired : T.unavailable, T.myPolicyLink);
}

function onboarding(esign: PolicyDocument | undefined, odometer: PolicyDocument | undefined, files: DocumentFile[]): HTMLElement[] {
  const esignHref = esign && safeHref(esign.fileUrl);
  const odometerHref = odometer && safeHref(odometer.fileUrl);
  const steps = h(
    'div',
    { class: 'account-steps' },
    esignHref && step('account-step-esign', T.esignTitle, T.esignText, h('a', { class: 'ppm-button', href: esignHref }, T.esignLink)),
    odometerHref &&
      step(
        'account-step-odometer',
        T.odometerTitle,
        T.odometerText,
        h('a', { class: 'ppm-button', href: odometerHref }, T.odometerLink),
        h('div', { class: 'account-qr' }, h('img', { src: qrImageUrl(odometerHref), alt: T.qrAlt, width: 144, height: 144 }), h('p', {}, T.qrCaption)),
      ),
  );
  return [
    h('h2', {}, T.onboardingTitle),
    h('p', {}, T.onboardingIntro),
    steps,
    ...(files.length > 0 ? [h('h2', {}, T.onboardingDocumentsTitle), tiles(files)] : []),
  ];
}

function step(id: string, title: string, text: string, ...actions: HTMLElement[]): HTMLElement {
  return h('section', { class: 'account-card', 'aria-labelledby': id }, h('h3', { id }, title), h('p', {}, text), ...actions);
}

/** One tile per PDF: its name, its date, and that it opens in a new tab. */
function tiles(files: DocumentFile[]): HTMLElement {
  const items = files.flatMap(({ kind, document }) => {
    const href = safeHref(document.fileUrl);
    if (!href) return [];
    const date = usDate(document.dateCreated);
    return [
      h(
        'li',
        {},
        h(
          'a',
          { class: 'account-tile', href, target: '_blank', rel: 'noopener' },
          h('span', { class: 'account-tile__name' }, FILE_NAMES[kind]),
          date && h('span', { class: 'account-note' }, T.created(date)),
          h('span', { class: 'account-note' }, T.newTab),
        ),
      ),
    ];
  });
  return h('ul', { class: 'account-tiles' }, ...items);
}

if (!customElements.get(DOCUMENTS_TAG)) customElements.define(DOCUMENTS_TAG, AccountDocuments);

declare global {
  interface HTMLElementTagNameMap {
    'account-documents': AccountDocuments;
  }
}
