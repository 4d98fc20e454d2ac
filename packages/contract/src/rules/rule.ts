/** A rule answers with the Polish message of the first problem, or null when the value is fine. */
export type Rule<T = string> = (value: T) => string | null;

export function firstError<T>(rules: readonly Rule<T>[], value: T): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message !== null) return message;
  }
  return null;
}

export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' ? message : null;

export const minLength =
  (min: number, message: string): Rule =>
  (value) =>
    value.length < min ? message : null;

export const maxLength =
  (max: number, message: string): Rule =>
  (value) =>
    value.length > max ? message : null;

export const pattern =
  (regex: RegExp, message: string): Rule =>
  (value) =>
    regex.test(value) ? null : message;
