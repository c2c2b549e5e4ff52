/** Times as `datetime-local` inputs hold them: the browser's local time, to the minute. */

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as a `datetime-local` input holds it. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as a time; undefined when empty or not a time. */
export function fromLocalInput(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A `datetime-local` value as the API takes times (ISO with its zone); blank is none, nonsense stays as typed to be refused. */
export function localToIso(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return fromLocalInput(text)?.toISOString() ?? text;
}
