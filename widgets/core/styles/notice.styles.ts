/** Notices (a form's success, information or failure under its fields): notify-me's, and the larger widgets'. */
export const noticeStyles = /* css */ `
.ppm-notice { margin: 0 0 1rem; padding: 0.75rem 1rem; border-radius: var(--_radius); border-left: 5px solid; }
.ppm-notice--danger { color: var(--_danger); border-color: var(--_danger); background: #fdf2f1; font-weight: 600; }
.ppm-notice--info { color: var(--_info); border-color: var(--_info); background: #eef5fc; }
.ppm-notice--success { color: var(--_success); border-color: var(--_success); background: #eff8f2; }
.ppm-notice:empty { display: none; }
`;
