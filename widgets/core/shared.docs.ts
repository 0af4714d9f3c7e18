/**
 * The docs every element shares, for widgets/README.md (elements-readme.ts): the theme's CSS custom
 * properties and the parts with one meaning wherever they show. Like each element's <name>.docs.ts, nothing
 * in the bundle imports this module.
 */

/**
 * The theme: CSS custom properties every element reads (base.styles.ts, which sets each one's default; the
 * README shows those defaults from there). Set on the element, they inherit into its shadow root.
 */
export const THEME = {
  '--ppm-font': 'font family of everything the widget draws',
  '--ppm-ink': 'text, field borders and the focus ring\'s inner line',
  '--ppm-muted': 'hints, intros and other secondary text',
  '--ppm-surface': 'background of fields and boxes, and text on dark fills',
  '--ppm-line': 'borders of boxes and panels, dividing lines',
  '--ppm-accent': 'main buttons, the current step and other highlights',
  '--ppm-accent-ink': 'text on the accent colour',
  '--ppm-danger': 'error messages, the bar beside a field in error, error notices and snackbars',
  '--ppm-info': 'information notices and snackbars',
  '--ppm-success': 'success notices and the ticks of met conditions',
  '--ppm-radius': 'corner radius of fields, buttons, boxes and panels',
  '--ppm-focus': 'the focus outline, 3:1 at least against what surrounds the widget (WCAG 1.4.11): on a dark page, a light colour',
} as const;

export type ThemeProperty = keyof typeof THEME;

/** Parts with one meaning wherever an element shows them; most are drawn by core's pieces (widgets/core). */
export const SHARED_PARTS = {
  base: "the element's outermost box, inside its shadow root",
  form: 'a form',
  field: 'the box around one field: its label, hint, error message and input',
  label: "a field's label",
  input: 'a text input (also the state combobox and the date field)',
  select: 'a drop-down list',
  'error-message': "a field's error message",
  listbox: "the state combobox's list of matches",
  'calendar-button': "the date field's button that opens the calendar",
  'tooltip-button': "the small 'i' button beside a label that shows its help",
  'tooltip-text': 'the help that button shows',
  modal: 'a modal window (a native `<dialog>`)',
  overlay: 'the loader shown over the widget while it waits for the server',
  snackbars: 'the column of snackbars (short messages)',
  snackbar: 'one snackbar',
  'snackbar-danger': 'a snackbar reporting a problem',
  'snackbar-info': 'a snackbar with information',
} as const;

export type SharedPart = keyof typeof SHARED_PARTS;
