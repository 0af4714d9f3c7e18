/**
 * Every user-visible message of a rule, keyed. The spec's texts are quoted word for word (the comment
 * names the document and section); where the spec gives no text (it often says "messages not shown") we
 * wrote one and mark it `ours`. Widgets and the API show exactly these strings, so a test can pin them.
 * Functions build the few messages that carry a number, a state or a date.
 *
 * The texts live by area in contract/messages/, one export each, and MESSAGES is their namespace: a
 * bundler follows `MESSAGES.email` to that one export and its area's module, so a widget carries the
 * messages its rules use, where one object of every message went whole into every widget's chunk.
 * MESSAGES must be read by name (MESSAGES.x), never passed around whole, or the bundle takes them all.
 */
import * as MESSAGES from './messages/index.ts';

export { MESSAGES };

export type MessageKey = keyof typeof MESSAGES;
