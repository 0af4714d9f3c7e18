/**
 * The messages of the contact form's call (POST /api/contact/submit). The form's field rules use the shared
 * field messages (fields.ts). contract/messages.ts gathers every area into MESSAGES.
 */

// ours: the call needs an Idempotency-Key, so a double press or a retry never sends a message twice
export const contactKeyRequired = 'Send an Idempotency-Key header (8 to 255 letters, digits, dashes or underscores) with each message.';
export const contactKeyReused = 'This Idempotency-Key was already used for a different message. Please send your message again.';
