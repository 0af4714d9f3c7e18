/**
 * What a form shows once the person has acted: a field's error (its bar, its control's red border, the GOV.UK
 * message above the control) and notices (a form's success, information or failure under its fields). Apart
 * from widget.styles.ts, which is in the runtime chunk every host page fetches: quote-start shows neither, and
 * these rules come in the chunk of the forms that do (issue 25). Adopted after fieldStyles, whose rules they
 * follow.
 */
export const fieldErrorStyles = /* css */ `
.ppm-field--error { border-left: 4px solid var(--_danger); padding-left: 0.75rem; }
.ppm-input[aria-invalid="true"], .ppm-select[aria-invalid="true"] { border-color: var(--_danger); }
.ppm-error-message { display: block; margin: 0 0 0.25rem; color: var(--_danger); font-weight: 600; }
`;

/** Notices (a form's success, information or failure under its fields): notify-me's, and the larger widgets'. */
export const noticeStyles = /* css */ `
.ppm-notice { margin: 0 0 1rem; padding: 0.75rem 1rem; border-radius: var(--_radius); border-left: 5px solid; }
.ppm-notice--danger { color: var(--_danger); border-color: var(--_danger); background: #fdf2f1; font-weight: 600; }
.ppm-notice--info { color: var(--_info); border-color: var(--_info); background: #eef5fc; }
.ppm-notice--success { color: var(--_success); border-color: var(--_success); background: #eff8f2; }
.ppm-notice:empty { display: none; }
`;
