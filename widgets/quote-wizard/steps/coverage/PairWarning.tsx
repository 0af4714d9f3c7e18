import { Modal } from '../../../core/modal.tsx';
import { COVERAGE_TEXTS as T } from './coverage.texts.ts';
import type { PairWarning as Warning } from './use-coverage-form.ts';

/** doc 3 section 8's decline warning: comprehensive and collision are bought together (in FL, collision needs comprehensive). */
export function PairWarning({ warning, onClose }: { warning: Warning | null; onClose: () => void }) {
  return (
    <Modal open={warning !== null} title={T.pairTitle} onClose={onClose} closeLabel={T.close}>
      <p>{warning === 'collisionNeedsComprehensive' ? T.collisionNeedsComprehensiveText : T.pairText}</p>
      <button type="button" className="ppm-button" onClick={onClose}>
        {T.ok}
      </button>
    </Modal>
  );
}
