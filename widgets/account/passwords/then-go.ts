/**
 * A notice, then another page (doc 1: forgot and change password "on success go to /", create password
 * goes to /account/log-in, and its failure "also redirects to /"). The notice shows for doc 1 section 9's
 * 10 seconds ("Success notices last 10 s") before the page changes, and says so; 'Continue' goes at once
 * and 'Stay on this page' stops the move (WCAG 2.2.1: a time limit the person can turn off), so nobody
 * loses a message half read. The notice takes the focus, so a screen reader starts reading it.
 */
import { h } from '../dom.ts';

/** Doc 1 section 9: "Success notices last 10 s". */
export const NOTICE_MS = 10_000;

export interface ThenGoTexts {
  /** 'We will take you to the home page in 10 seconds.' */
  going: (seconds: number) => string;
  goNow: string;
  stay: string;
}

export interface ThenGo {
  element: HTMLElement;
  /** Stops the move (the element left the page). */
  cancel(): void;
}

export function noticeThenGo(options: {
  message: string;
  kind: 'success' | 'danger';
  to: string;
  ms: number;
  navigate: (url: string) => void;
  texts: ThenGoTexts;
}): ThenGo {
  const { message, kind, to, ms, navigate, texts } = options;
  const notice = h('p', { class: `ppm-notice ppm-notice--${kind}`, role: kind === 'danger' ? 'alert' : 'status', tabindex: '-1' }, message);
  const going = h('p', { class: 'account-going' }, texts.going(Math.max(1, Math.round(ms / 1000))));
  const stay = h('button', { type: 'button', class: 'ppm-button ppm-button--secondary' }, texts.stay);
  const element = h('div', { class: 'account-then-go' }, notice, going, h('div', { class: 'account-actions' }, h('a', { class: 'ppm-button', href: to }, texts.goNow), stay));
  const timer = setTimeout(() => navigate(to), ms);
  const cancel = () => clearTimeout(timer);
  stay.addEventListener('click', () => {
    cancel();
    going.remove();
    stay.remove();
    notice.focus();
  });
  queueMicrotask(() => notice.focus());
  return { element, cancel };
}
