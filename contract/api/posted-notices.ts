import { literal, object, string, type, type Infer } from 'superstruct';
import { requiredMax } from '../rules/text.ts';
import { LIMITS } from '../rules/limits.ts';

// --- Posted notices (/ops/notices) ---------------------------------------------------------------------------
// A bill or a notice of a policy whose buyer did not consent to electronic delivery is posted: api/notices/
// queues its PDF, and the operations page lists what waits to be printed and posted. As with the odometer
// review, the page's calls live under /ops, behind its Basic credentials, and are checked with these structs.

/** POST /ops/notices/:noticeId/posted: the person who put it in the post (a name to remember, as the page asks). */
export const MarkNoticePostedRequest = object({
  postedBy: requiredMax(LIMITS.shortTextMax),
});
export type MarkNoticePostedRequest = Infer<typeof MarkNoticePostedRequest>;

export const MarkNoticePostedAnswer = type({ status: literal('posted'), postedAt: string() });
export type MarkNoticePostedAnswer = Infer<typeof MarkNoticePostedAnswer>;
