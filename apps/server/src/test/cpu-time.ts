// What a test measures when it bounds how much work something costs (issue 32: the server's tests run
// at the lowest priority beside the browser tests, where a tenth of a second of work can take seconds
// of the wall clock while the process waits for a core). The CPU time of this test process — every
// thread of it: the libuv pool's argon2 and zlib included — counts only the work done.

/** Milliseconds of CPU (user and system) this process has used so far. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** `work`'s result and the milliseconds of CPU this process used while it ran. */
export async function withCpuMs<T>(work: () => Promise<T> | T): Promise<{ result: T; ms: number }> {
  const started = cpuMs();
  const result = await work();
  return { result, ms: cpuMs() - started };
}
