/** Our sports car in side view: the wizard hero's emblem, and the picture of a vehicle without a photo (the wizard's vehicle box, the dashboard). Decoration only. */
export function CarDrawing({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 240 80" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 58c0-9 6-13 16-15l34-6c14-12 32-21 58-21 22 0 41 7 60 19l31 6c11 2 19 7 21 17v6h-18a20 20 0 0 0-39 0H77a20 20 0 0 0-39 0H10Z"
      />
      <circle cx="57" cy="62" r="13" fill="currentColor" />
      <circle cx="181" cy="62" r="13" fill="currentColor" />
    </svg>
  );
}
