/**
 * The test mode's stand-in for the bank's 3-D Secure page (issue 19), plainly labelled: with Stripe's keys
 * the bank shows its own page (Stripe.js); without them this window asks how the test check ends. The
 * purchase's payment step and the bill payment page (/account/pay) ask it the same way.
 */
import { useRef, useState, type ReactElement } from 'react';
import { Modal } from './modal.tsx';

export const TEST_AUTHENTICATION_TEXTS = {
  title: 'Test authentication: no real bank',
  body:
    "Your card asks for a security check (3-D Secure). With a real card your bank would show its own page here. This window stands in for it in test mode: no bank is involved and no real charge is made.",
  choose: 'Choose how the test check ends:',
  complete: 'Complete',
  fail: 'Fail',
} as const;

export type TestAuthenticationChoice = 'complete' | 'fail';

/**
 * The window and the way to ask it: `ask()` opens it and resolves with the choice, or null when it is
 * closed without one (Escape, the close button).
 */
export function useTestAuthentication(options: { closeLabel: string; actionsClass: string }): {
  window: ReactElement;
  ask: () => Promise<TestAuthenticationChoice | null>;
} {
  const [open, setOpen] = useState(false);
  const answer = useRef<((choice: TestAuthenticationChoice | null) => void) | null>(null);
  const T = TEST_AUTHENTICATION_TEXTS;
  const ask = async () => {
    const choice = await new Promise<TestAuthenticationChoice | null>((resolve) => {
      answer.current = resolve;
      setOpen(true);
    });
    answer.current = null;
    setOpen(false);
    return choice;
  };
  const window = (
    <Modal open={open} title={T.title} onClose={() => answer.current?.(null)} closeLabel={options.closeLabel}>
      <p>{T.body}</p>
      <p>{T.choose}</p>
      <div className={options.actionsClass}>
        <button type="button" className="ppm-button" onClick={() => answer.current?.('complete')}>
          {T.complete}
        </button>
        <button type="button" className="ppm-button ppm-button--secondary" onClick={() => answer.current?.('fail')}>
          {T.fail}
        </button>
      </div>
    </Modal>
  );
  return { window, ask };
}
