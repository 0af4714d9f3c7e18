import { BRAND } from '../../../contract/index.ts';
import { Modal } from '../../core/modal.tsx';
import { CALL_TO_COMPLETE_TEXTS as T } from './call-to-complete.texts.ts';

/**
 * Doc 3 section 8's 'Call to complete your quote': the phone and the quote number to give. One dialog for the
 * two steps that open it: step 5's Call to Complete, and step 6's Submit Payment after a refused payment
 * (doc 3 section 4). Beside the step folders, as both steps draw it and no step imports another.
 */
export function CallToComplete({ open, quoteNumber, onClose }: { open: boolean; quoteNumber: string | undefined; onClose(): void }) {
  return (
    <Modal open={open} title={T.title} onClose={onClose} closeLabel={T.close}>
      <p>
        {T.lead}{' '}
        <a className="ppm-wizard__phone" href={BRAND.phoneHref}>
          {BRAND.phone}
        </a>{' '}
        {T.quote} <span className="ppm-call__number">{quoteNumber}</span>.
      </p>
      <p>{T.hours}</p>
      <button type="button" className="ppm-button" onClick={onClose}>
        {T.ok}
      </button>
    </Modal>
  );
}

/** Its one rule, in the sheets of both steps that draw it: the quote number never breaks across lines. */
export const callToCompleteStyles = /* css */ `
.ppm-call__number { white-space: nowrap; }
`;
