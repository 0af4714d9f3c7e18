import { BRAND } from '../../../../contract/index.ts';
import type { QuoteFailure } from '../../quote/use-quote-call.ts';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';

/**
 * doc 3 section 8: a failed calculation shows as a persistent red snackbar. The core snackbar carries
 * text only, and this one needs the call and Contact Us links, so it is drawn here in the same style.
 */
export function QuoteErrorBar({ error, siteUrl, onClose }: { error: QuoteFailure; siteUrl: string; onClose: () => void }) {
  return (
    <div className="ppm-snackbars ppm-coverage__errors">
      <div className="ppm-snackbar ppm-snackbar--danger" part="snackbar snackbar-danger" role="alert">
        <span className="ppm-snackbar__text">
          {error.kind === 'joined' ? (
            error.text
          ) : (
            <>
              {T.needMoreInformation}
              <span className="ppm-coverage__error-links">
                <a href={BRAND.phoneHref}>{T.callCustomerCare}</a>
                <a href={`${siteUrl}/contact-us`}>{T.contactUs}</a>
              </span>
            </>
          )}
        </span>
        <button type="button" className="ppm-icon-button" aria-label={T.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
