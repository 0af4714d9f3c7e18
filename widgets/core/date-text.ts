/**
 * Dates as the forms print and read them, MM/DD/YYYY (doc 1 section 5, doc 3 section 2). Apart from the masks
 * (./masks.ts, which carry imask): the date field and its calendar read and write dates from the first
 * draw, and the mask loads only once the person starts on the page (fields/MaskedField.tsx).
 */
function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** MM/DD/YYYY (doc 1 section 5, doc 3 section 2). */
export function formatDate(date: Date): string {
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** MM/DD/YYYY -> Date, or null when it is not a real calendar date (leap years included). */
export function parseDate(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
