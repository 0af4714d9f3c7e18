/**
 * The log-in page's own rules, beside the shared account sheet (widgets/account/account.styles.ts). Phone
 * first: one column, the two buttons full width below 450 px (the shared .account-actions rule).
 */
export const logInStyles = /* css */ `
.account-log-in { max-width: 32rem; }
.account-log-in__forgot { margin: -0.25rem 0 1.25rem; }
.account-log-in__magic { margin-top: 2rem; padding-top: 1.5rem; border-top: 1px solid var(--_line); }
.account-log-in__magic h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
.account-log-in__outcome .ppm-notice { margin: 1rem 0 0; }
.account-log-in__note { margin: 1.5rem 0 0; }
`;
