import { z } from 'zod';
import { firstError, type Rule } from './rules/rule.ts';

/** A string schema that applies a list of §5 rules and reports the Polish message of the first failure. */
export function ruledString(rules: readonly Rule[]) {
  return z.string().superRefine((value, ctx) => {
    const message = firstError(rules, value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}
