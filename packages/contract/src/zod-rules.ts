import { z } from 'zod';
import { firstError, type Rule } from './rules/rule.ts';
import { trimInvisible, visibleLength, visibleTextMessage } from './rules/visible-text.rules.ts';

/** A string schema that applies a list of §5 rules and reports the Polish message of the first failure. */
export function ruledString(rules: readonly Rule[]) {
  return z.string().superRefine((value, ctx) => {
    const message = firstError(rules, value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

/**
 * A reason or note that must be given (decision 107): trimmed of blank ends (Unicode spaces, control and
 * format characters, which zod's trim leaves), at least `min` characters that show, at most `max`.
 * `overwrite`, not `transform`: the schema stays a string in the OpenAPI document.
 */
export function requiredText(min: number, max: number) {
  return blankTrimmedText(max).refine((value) => visibleLength(value) >= min, { message: visibleTextMessage(min) });
}

/** A text trimmed as `requiredText` is, that may be left empty (or is required only sometimes: check with `visibleLength`). */
export function blankTrimmedText(max: number) {
  return z.string().overwrite(trimInvisible).max(max);
}
