import { MESSAGES } from '../../../contract/index.ts';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';

/** A hand-over link that is spent or expired (issue 7): what happened, and the way to retrieve the quote. */
export function HandoverLost({ site }: { site: string }) {
  return (
    <div className="ppm-panel ppm-wizard__lost" role="alert">
      <p>{MESSAGES.handoverNotFound}</p>
      <p>
        <a className="ppm-button" href={`${site}/search-for-my-quote`}>
          {TEXTS.retrieveQuote}
        </a>
      </p>
    </div>
  );
}
