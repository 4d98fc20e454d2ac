/**
 * How long a page test waits for what it expects (Testing Library's findBy/waitFor, set in setup.ts, and
 * every vi.waitFor, which has no global setting). npm test runs the page tests at the lowest priority
 * beside the browser tests (scripts/test.mjs), and CI's machine is at times two to three times slower
 * than a quiet one: a lazy page's first import there took over 5 s. A wait that ends sooner costs
 * nothing; only a test that fails waits this long.
 */
export const WAIT_MS = 15_000;
