/** The card request page's own rules, beside the shared account sheet. Phone first: one column, 36rem at most. */
export const requestCardStyles = /* css */ `
.account-request-card { max-width: 36rem; }
.account-request-card .ppm-choices { margin-bottom: 1.5rem; }
/* a vehicle's name may wrap on a phone: the box stays beside its first line */
.account-request-card .ppm-choice { align-items: flex-start; padding: 0.5rem 0; min-height: 0; }
.account-request-card .ppm-choice input { flex: none; }
.account-request-card .ppm-choice label { overflow-wrap: anywhere; }
`;
