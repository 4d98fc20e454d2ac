import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * A port nothing listens on, asked of the system (issue 40: a fixed port failed the run whenever
 * anything else held it). Chosen once, in the runner's process; its workers read the same config and
 * inherit E2E_PORT, so they agree. Synchronous, because the config is.
 */
function freePort(): number {
  const script =
    "const s = require('net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(freePort());
  process.env.E2E_PORT_PICKED = 'yes'; // the workers see E2E_PORT set, and must know it was not chosen
}
const chosenPort = process.env.E2E_PORT_PICKED !== 'yes';
const PORT = Number(process.env.E2E_PORT);
// E2E_CLOCK (an instant, e.g. 2026-11-30T23:50:00+01:00): the whole run on a clock that starts there
// (issue 40; fixtures/test.ts). The offset is taken once, here in the runner, and inherited.
if (process.env.E2E_CLOCK && process.env.CLOCK_OFFSET_MS === undefined) {
  const at = Date.parse(process.env.E2E_CLOCK);
  if (Number.isNaN(at)) throw new Error(`E2E_CLOCK is not an instant: ${process.env.E2E_CLOCK}`);
  process.env.CLOCK_OFFSET_MS = String(at - Date.now());
}

// Per port, so that two runs on one machine do not share a database (start-server.mjs removes it at the end).
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, `../.tmp/e2e-data-${PORT}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
// On PostgreSQL when E2E_DATABASE_URL names a server (npm test runs the day's walkthrough there too):
// the server gets a fresh database of this run's own, named by the port, which the commands of the
// fixtures (npm run admin) reach as DATABASE_URL. Without it, the embedded SQLite file in E2E_DATA_DIR.
if (process.env.E2E_DATABASE_URL) {
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/promotor_e2e_${PORT}`;
  process.env.E2E_SERVER_DATABASE_URL = url.toString();
}

// Debian's Chromium (Playwright's own browser download cannot work on our machines).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // npm test runs the specs it sends through the load balancer there only (scripts/test.mjs, issue 36).
  testIgnore: process.env.E2E_IGNORE ? process.env.E2E_IGNORE.split(',').map((file) => path.basename(file)) : [],
  // One server and one database for the run; tests that change shared data make their own promoter.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: path.resolve(import.meta.dirname, chosenPort ? `../test-results-${PORT}` : '../test-results'),
  use: {
    ...devices['Pixel 5'],
    browserName: 'chromium',
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 360, height: 640 },
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    permissions: ['geolocation'],
    geolocation: { latitude: 52.2297, longitude: 21.0122, accuracy: 20 },
    // Only the offline test lets the service worker run; elsewhere it would cache between tests.
    serviceWorkers: 'block',
    // A failed test keeps its trace: actions, network and the page's DOM at each step. Without the
    // screencast (a JPEG of every frame, kept for every test and dropped when it passes): 16 % of the
    // browser tests' CPU (issue 32: CI time); a failure still gets its screenshot, below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), E2E_DATA_DIR, CLOCK_OFFSET_MS: process.env.CLOCK_OFFSET_MS ?? '0' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
