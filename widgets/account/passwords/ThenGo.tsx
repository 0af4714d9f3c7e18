/**
 * A notice, then another page (doc 1: forgot and change password "on success go to /", create password
 * goes to /account/log-in, and its failure "also redirects to /"). The notice shows for doc 1 section 9's
 * 10 seconds ("Success notices last 10 s") before the page changes, and says so; 'Continue' goes at once
 * and 'Stay on this page' stops the move (WCAG 2.2.1: a time limit the person can turn off), so nobody
 * loses a message half read. The notice takes the focus, so a screen reader starts reading it.
 */
import { useEffect, useRef, useState } from 'react';

/** Doc 1 section 9: "Success notices last 10 s". */
export const NOTICE_MS = 10_000;

export interface ThenGoTexts {
  /** 'We will take you to the home page in 10 seconds.' */
  going: (seconds: number) => string;
  goNow: string;
  stay: string;
}

export interface ThenGoProps {
  message: string;
  kind: 'success' | 'danger';
  to: string;
  ms: number;
  navigate: (url: string) => void;
  texts: ThenGoTexts;
}

export function ThenGo({ message, kind, to, ms, navigate, texts }: ThenGoProps) {
  const notice = useRef<HTMLParagraphElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [staying, setStaying] = useState(false);
  useEffect(() => {
    timer.current = setTimeout(() => navigate(to), ms);
    notice.current?.focus();
    // the page left (or the island went): no move
    return () => clearTimeout(timer.current);
  }, []);
  function stay() {
    clearTimeout(timer.current);
    setStaying(true);
    notice.current?.focus();
  }
  return (
    <div className="account-then-go">
      <p ref={notice} className={`ppm-notice ppm-notice--${kind}`} role={kind === 'danger' ? 'alert' : 'status'} tabIndex={-1}>
        {message}
      </p>
      {!staying && <p className="account-going">{texts.going(Math.max(1, Math.round(ms / 1000)))}</p>}
      <div className="account-actions">
        <a className="ppm-button" href={to}>
          {texts.goNow}
        </a>
        {!staying && (
          <button type="button" className="ppm-button ppm-button--secondary" onClick={stay}>
            {texts.stay}
          </button>
        )}
      </div>
    </div>
  );
}
