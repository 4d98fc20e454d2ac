import { normalizeUsername, type ErrorCode } from '@promotor/contract';
import { AppError } from '../lib/app-error.ts';
import { loginNameDigest } from '../lib/login-names.ts';
import { GuessLimiter, type RateCounters } from './rate-counters.ts';

// The limits of a login (decision 013), one implementation for both doors — the promoter app's and
// the back office's (decision 085): per address on every call (the route's rateLimit config), and
// per username across addresses on failed guesses. The username's counter is the same at both doors,
// so guesses at one account through both add up. It is keyed by the name's keyed digest, never the
// text: a password typed into the username field must not sit in rate_counters (decision 107).

export type LoginLimits = { perIpPerMinute: number; perUserPer15Minutes: number };

export function loginGuard(counters: RateCounters, limits: LoginLimits, failedGuesses: ReadonlySet<ErrorCode>, nameKey: Buffer) {
  const perIp = { max: limits.perIpPerMinute, timeWindow: 60_000 };
  const guesses = new GuessLimiter(counters, limits.perUserPer15Minutes, 15 * 60_000);
  // The attempt is reserved before the slow password check, so parallel guesses are counted too.
  const guarded = async <T>(username: string, attempt: () => Promise<T>): Promise<T> => {
    const key = loginNameDigest(nameKey, normalizeUsername(username));
    if (!(await guesses.reserve(key))) throw new AppError('E_TOO_MANY_REQUESTS');
    try {
      const result = await attempt();
      await guesses.succeeded(key);
      return result;
    } catch (error) {
      if (!(error instanceof AppError && failedGuesses.has(error.code))) await guesses.notAGuess(key).catch(() => {});
      throw error;
    }
  };
  return { perIp, guarded };
}
