/**
 * The documents page, /account/documents/{token} (doc 1 "Documents page", sections 7 to 9), an island of our
 * site on widgets/core. It reads the token from the address's last segment, lists the policy's documents with
 * GET /api/documents?id={token}, and shows one of four states:
 *   loading     - 'Loading...';
 *   onboarding  - an e-signature or odometer request is open: the e-sign link, the odometer-photo link with
 *                 a QR code of it (a person on a computer opens it on the phone), then the PDFs already there;
 *                 the heading counts the steps still open;
 *   documents   - tiles 'ID Card', 'Declaration Page' (and 'Signed Application'), newest of each kind, each
 *                 opening its PDF in a new tab;
 *   expired     - the expired or 'unable to locate' message with a link back to /account/my-policy.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { documentList } from '../../../contract/api/endpoints/documents.ts';
import type { PolicyDocument } from '../../../contract/api/documents.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { DeadEnd, Loading } from '../AccountParts.tsx';
import { safeHref } from '../paths.ts';
import { documentsView, failureKind, qrImageUrl, tokenFromPath, usDate, type DocumentFile, type DocumentsView, type FileKind } from './documents-logic.ts';
import { DOCUMENTS_TEXTS, type DocumentsTexts } from './documents.texts.ts';

const DOCUMENTS_WIDGET = 'ppm-account-documents';

type Shown = { kind: 'loading' } | { kind: 'failed'; why: 'expired' | 'unavailable' } | { kind: 'listed'; view: Exclude<DocumentsView, { mode: 'none' }>; cancelledOn: string | null };

function fileName(kind: FileKind, T: DocumentsTexts): string {
  return { card: T.card, declaration: T.declaration, 'signed-application': T.signedApplication, 'cancellation-notice': T.cancellationNotice }[kind];
}

/** One tile per PDF: its name, its date, and that it opens in a new tab. */
function Tiles({ files, T }: { files: DocumentFile[]; T: DocumentsTexts }) {
  return (
    <ul className="account-tiles">
      {files.map(({ kind, document }) => {
        const href = safeHref(document.fileUrl);
        if (!href) return null;
        const date = usDate(document.dateCreated);
        return (
          <li key={kind}>
            <a className="account-tile" href={href} target="_blank" rel="noopener">
              <span className="account-tile__name">{fileName(kind, T)}</span>
              {date && <span className="account-note">{T.created(date)}</span>}
              <span className="account-note">{T.newTab}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function Step({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section className="account-card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <p>{text}</p>
      {children}
    </section>
  );
}

function Onboarding({ esign, odometer, files, T }: { esign: PolicyDocument | undefined; odometer: PolicyDocument | undefined; files: DocumentFile[]; T: DocumentsTexts }) {
  const esignHref = esign && safeHref(esign.fileUrl);
  const odometerHref = odometer && safeHref(odometer.fileUrl);
  // what is still open decides the words: after the signature, only the photos are left, and the other way round
  const both = Boolean(esignHref && odometerHref);
  return (
    <>
      <h2>{both ? T.onboardingTitle : T.oneStepTitle}</h2>
      <p>{both ? T.onboardingIntro : esignHref ? T.esignOnlyIntro : T.odometerOnlyIntro}</p>
      <div className="account-steps">
        {esignHref && (
          <Step id="account-step-esign" title={T.esignTitle} text={T.esignText}>
            <a className="ppm-button" href={esignHref}>
              {T.esignLink}
            </a>
          </Step>
        )}
        {odometerHref && (
          <Step id="account-step-odometer" title={T.odometerTitle} text={T.odometerText}>
            <a className="ppm-button" href={odometerHref}>
              {T.odometerLink}
            </a>
            <div className="account-qr">
              <img src={qrImageUrl(odometerHref)} alt={T.qrAlt} width={144} height={144} />
              <p>{T.qrCaption}</p>
            </div>
          </Step>
        )}
      </div>
      {files.length > 0 && (
        <>
          <h2>{T.onboardingDocumentsTitle}</h2>
          <Tiles files={files} T={T} />
        </>
      )}
    </>
  );
}

function DocumentsPageView({ texts }: { texts?: Partial<DocumentsTexts> }) {
  const T = { ...DOCUMENTS_TEXTS, ...texts };
  const { api, rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles]);
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });

  useEffect(() => {
    const token = tokenFromPath(location.pathname);
    if (!token) return setShown({ kind: 'failed', why: 'expired' });
    void api.call(documentList, null, { query: { id: token } }).then((result) => {
      if (!result.ok) return setShown({ kind: 'failed', why: failureKind(result.status) });
      const view = documentsView(result.data.data.documents);
      if (view.mode === 'none') return setShown({ kind: 'failed', why: 'expired' });
      setShown({ kind: 'listed', view, cancelledOn: result.data.data.cancelledOn ?? null });
    });
  }, []);

  let content: ReactNode;
  if (shown.kind === 'loading') content = <Loading text={T.loading} />;
  else if (shown.kind === 'failed') content = <DeadEnd message={shown.why === 'expired' ? T.linkExpired : T.unavailable} linkText={T.myPolicyLink} />;
  else if (shown.view.mode === 'onboarding') content = <Onboarding {...shown.view} T={T} />;
  else {
    content = (
      <>
        <h2>{T.documentsTitle}</h2>
        {shown.cancelledOn && (
          <p className="account-note" role="status">
            {T.cancelled(usDate(shown.cancelledOn))}
          </p>
        )}
        <Tiles files={shown.view.files} T={T} />
      </>
    );
  }
  return (
    <div ref={rootRef} className="ppm-root account-documents">
      {content}
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const DocumentsPage = scoped<{ texts?: Partial<DocumentsTexts> }>(DOCUMENTS_WIDGET, DocumentsPageView);
