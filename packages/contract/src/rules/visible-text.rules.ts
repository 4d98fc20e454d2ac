import { characters, ruleMessages } from './messages.ts';
import type { Rule } from './rule.ts';

// A reason or a note that must be given must show something (issue 32, decision 107): three zero-width
// spaces, a run of no-break spaces or a lone combining accent are as empty as ''. One rule, here, for the
// forms and the schemas alike (zod-rules.ts `requiredText`).

/**
 * What shows nothing on its own: separators (\p{Z}: spaces of every width), control and format
 * characters (\p{Cc}, \p{Cf}: zero-width spaces and joiners, direction marks, the BOM, soft hyphens),
 * marks with no letter to sit on (\p{M}), the code points Unicode says to draw as nothing (fillers,
 * variation selectors) and the blank braille cell.
 */
const INVISIBLE = /[\p{Z}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Trimmed from both ends. Marks and variation selectors stay: at the end they belong to the letter before. */
const BLANK_ENDS = /^[\p{Z}\p{Cc}\p{Cf}]+|[\p{Z}\p{Cc}\p{Cf}]+$/gu;

/** How many characters of the text show (code points, so an emoji or a Polish letter is one). */
export function visibleLength(value: string): number {
  let count = 0;
  for (const char of value) if (!INVISIBLE.test(char)) count++;
  return count;
}

/** The text without the spaces, control and format characters at its ends (what is stored). */
export function trimInvisible(value: string): string {
  return value.replace(BLANK_ENDS, '');
}

/** The message when fewer than `min` characters show: 'To pole jest wymagane' for one. */
export function visibleTextMessage(min: number): string {
  return min <= 1 ? ruleMessages.fieldRequired : `Wprowadź co najmniej ${characters(min)}.`;
}

/** A required reason or note: at least `min` characters that show. */
export const visibleAtLeast =
  (min: number, message = visibleTextMessage(min)): Rule =>
  (value) =>
    visibleLength(value) < min ? message : null;
