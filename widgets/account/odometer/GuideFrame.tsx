/**
 * The guide frame (issue 24): the chosen photo, upright as the browser shows it (image-orientation:
 * from-image, the default), with a box over it that the person moves and resizes to fit the odometer's
 * digits, so the server reads those and not the whole dashboard. By pointer (mouse, pen or touch, through
 * Pointer Events captured by the box, touch-action: none so a finger drags the box, not the page): drag the
 * box to move it, drag a corner to resize it. By keyboard: the box is focusable, arrow keys move it and
 * Shift with an arrow resizes it, as the help beside the photo says. Its place is said in words in a polite
 * live region. The geometry is guide-frame-logic.ts's; the box is the form's (fractions of the photo).
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { OdometerBox } from '../../../contract/api/onboarding.ts';
import { boxAfterKey, boxInWords, moveBox, resizeBox, type Corner } from './guide-frame-logic.ts';
import { ODOMETER_TEXTS as T } from './odometer.texts.ts';

const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** A drag under way: where it started (client pixels), the box then, the photo's size on screen, and what it does. */
interface Drag {
  pointerId: number;
  x: number;
  y: number;
  start: OdometerBox;
  width: number;
  height: number;
  corner: Corner | null;
}

export interface GuideFrameProps {
  id: string;
  /** The photo's object URL. */
  src: string;
  box: OdometerBox;
  onBox: (box: OdometerBox) => void;
  /** The browser cannot show this photo (HEIC on a desktop): the photo is sent without a frame. */
  onBroken: () => void;
}

export function GuideFrame({ id, src, box, onBox, onBroken }: GuideFrameProps) {
  const area = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  function start(event: PointerEvent<HTMLElement>, corner: Corner | null) {
    if (event.button !== 0 || !area.current) return;
    event.preventDefault();
    event.stopPropagation();
    const rect = area.current.getBoundingClientRect();
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, start: box, width: rect.width, height: rect.height, corner };
    try {
      // the rest of the drag comes here even when the finger leaves the box or the photo
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // the pointer is already gone (lifted before this ran): the drag ends with its pointerup, if any
    }
    // a touch or a click on the frame also gives it the keyboard, as on any control
    (event.currentTarget.closest('.account-frame__box') as HTMLElement | null)?.focus({ preventScroll: true });
  }

  function move(event: PointerEvent<HTMLElement>) {
    const now = drag.current;
    if (!now || now.pointerId !== event.pointerId || now.width === 0 || now.height === 0) return;
    event.preventDefault();
    const dx = (event.clientX - now.x) / now.width;
    const dy = (event.clientY - now.y) / now.height;
    onBox(now.corner ? resizeBox(now.start, now.corner, dx, dy) : moveBox(now.start, dx, dy));
  }

  function end(event: PointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  }

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const next = boxAfterKey(box, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault(); // the arrows move the frame, not the page
    onBox(next);
  }

  const pointer = (corner: Corner | null) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => start(event, corner),
    onPointerMove: move,
    onPointerUp: end,
    onPointerCancel: end,
  });

  return (
    <div className="account-frame">
      <p id={`${id}-frame-help`} className="account-frame__help">
        {T.frameHelp}
      </p>
      <div ref={area} className="account-frame__area">
        <img className="account-preview account-frame__photo" alt={T.previewAlt} src={src} draggable={false} onError={onBroken} />
        <div
          className="account-frame__box"
          role="group"
          tabIndex={0}
          aria-label={T.frameLabel}
          aria-describedby={`${id}-frame-help ${id}-frame-status`}
          style={{ left: `${box.left * 100}%`, top: `${box.top * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` }}
          onKeyDown={onKey}
          {...pointer(null)}
        >
          {CORNERS.map((corner) => (
            <span key={corner} className={`account-frame__handle account-frame__handle--${corner}`} data-corner={corner} aria-hidden="true" {...pointer(corner)} />
          ))}
        </div>
      </div>
      <p id={`${id}-frame-status`} className="ppm-visually-hidden" role="status">
        {boxInWords(box)}
      </p>
    </div>
  );
}
