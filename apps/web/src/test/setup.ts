import '@testing-library/jest-dom/vitest';
import * as webStreams from 'node:stream/web';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import * as pl from '../i18n/pl.ts';
// The features' slices are registered before the store is built, as in main.tsx (decision 082).
import '../app/store-slices.ts';
import { useAppStore } from '../store/app-store.ts';
import { WAIT_MS } from './wait.ts';

// The page tests run in vitest's vmThreads pool (vitest.config.ts), whose jsdom context lacks Node's web
// streams, which the threads pool had: fetch's Response reads a ReadableStream body (a fake answer cut
// off mid-way, test/fake-fetch.ts). Without it such a test failed on a ReferenceError the client took for
// a lost connection.
for (const [name, value] of Object.entries(webStreams)) if (!(name in globalThis)) Object.assign(globalThis, { [name]: value });

// In the app the header registers the messages of field work's codes on every page that has one
// (app/layout/header.tsx); a page rendered alone in a test gets them here.
pl.registerErrorMessages(pl.fieldErrors);

// Pages are lazy modules: the first render of one in a test file transforms and imports it, which takes
// over Testing Library's default 1 s on a loaded machine (two cores, the suites in parallel; test/wait.ts).
// vi.waitFor has no global setting: its calls pass the same WAIT_MS.
configure({ asyncUtilTimeout: WAIT_MS });

// jsdom has no layout and only logs 'Not implemented' for scrolling; the scroll restoration (decision 075)
// calls it on every navigation (the e2e tests check where pages open).
window.scrollTo = () => {};

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAppStore.setState(useAppStore.getInitialState());
  localStorage.clear();
  sessionStorage.clear();
});
