/**
 * The wizard's option lists (doc 2 section 9, doc 3 section 9), as {value, label}. Values are what
 * requests carry and are the spec's; labels are the spec's where it gives them, ours (marked) where it
 * gives only values. Lists the spec does not give in full (dealers, occupations, prior carriers,
 * per-state coverage options) are data files of a later issue, not here.
 *
 * Each area's lists live in a module of their own, gathered here: rollup puts a whole module into one chunk,
 * so one file of every list put all of them into the chunk every widget loads, whichever lists it used.
 */

export interface Option<T> {
  readonly value: T;
  readonly label: string;
}

export * from './hear-about-options.ts';
export * from './applicant-options.ts';
export * from './vehicle-options.ts';
export * from './driver-options.ts';
export * from './policy-options.ts';
export * from './claim-options.ts';
