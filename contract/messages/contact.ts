/**
 * The messages of the contact form's call (POST /api/contact/submit). The form's field rules use the shared
 * field messages (fields.ts). contract/messages.ts gathers every area into MESSAGES.
 */

// ours: the call needs an Idempotency-Key (fields.ts idempotencyKeyRequired), so a double press or a retry never sends a message twice
export const contactKeyReused = 'This Idempotency-Key was already used for a different message. Please send your message again.';
// ours: a retry while the first request under its key is still being stored and queued
export const contactInProgress = 'Your message is still being sent. Please wait a moment before trying again.';
