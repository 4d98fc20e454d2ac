/**
 * Counts failed guesses (wrong password, wrong reset code) per username across addresses; after `max`
 * failures in `windowMs` the username is refused until the window ends. Successes are not counted and
 * clear the count, so a promoter who logs in often is never locked out. In memory, per instance
 * (docs/decisions/004-auth-tokens-and-passwords.md).
 */
export class GuessLimiter {
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  private entry(key: string) {
    const entry = this.failures.get(key);
    if (entry && this.now().getTime() - entry.since >= this.windowMs) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  isBlocked(key: string): boolean {
    return (this.entry(key)?.count ?? 0) >= this.max;
  }

  fail(key: string): void {
    const entry = this.entry(key);
    if (entry) entry.count += 1;
    else this.failures.set(key, { count: 1, since: this.now().getTime() });
    if (this.failures.size > 50_000) this.prune();
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.entry(key);
  }
}
