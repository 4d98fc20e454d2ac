import { OTP_LENGTH } from '@promotor/contract';
import { newCode, sameHash, sha256 } from './crypto.ts';

// The one-time codes a consumer is sent and reads out to the promoter (decision 063: the webform's
// /lead/otp; decision 079: MGM's consent confirmation). One way to make, store and judge them, whatever
// table keeps them: 5 characters of the reset codes' alphabet, stored only as a hash of the send's id,
// the channel and the code, at most 5 wrong tries per code.

/** Wrong tries per code before even the right one is refused until a new send. */
export const CODE_MAX_WRONG_TRIES = 5;

export type CodeChannel = 'email' | 'sms';

export const newOneTimeCode = (): string => newCode(OTP_LENGTH);

/** What is stored of a code: its hash with the send's id (a new send makes old hashes useless), case-insensitive. */
export const oneTimeCodeHash = (sendId: string, channel: CodeChannel, code: string): string =>
  sha256(`${sendId}:${channel}:${code.trim().toUpperCase()}`);

/** The wrong-try counter of one stored code, as its table keeps it. */
export type CodeTries = {
  /** Takes a try atomically; false when the code's tries are used up. */
  take(max: number): Promise<boolean>;
  giveBack(): Promise<void>;
};

/**
 * Whether one code is right, within its tries: a try is taken before the comparison and given back
 * when the code was right, so only wrong tries count and parallel guesses cannot pass the limit.
 */
export async function judgeCode(
  tries: CodeTries,
  stored: { sendId: string; channel: CodeChannel; hash: string },
  code: string,
): Promise<boolean> {
  if (!(await tries.take(CODE_MAX_WRONG_TRIES))) return false;
  const right = sameHash(stored.hash, oneTimeCodeHash(stored.sendId, stored.channel, code));
  if (right) await tries.giveBack();
  return right;
}
