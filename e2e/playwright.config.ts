import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);
// Per port, so that two runs on one machine (E2E_PORT=4311 …) do not share a database.
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, `../.tmp/e2e-data-${PORT}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

// Debian's Chromium (Playwright's own browser download cannot work on our machines).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // One server and one database for the run; tests that change shared data make their own promoter.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: path.resolve(import.meta.dirname, PORT === 4310 ? '../test-results' : `../test-results-${PORT}`),
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
    trace: 'retain-on-failure',
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
    env: { PORT: String(PORT), E2E_DATA_DIR },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
