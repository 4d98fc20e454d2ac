import type { Plugin } from 'vite';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Puts the loading screen of app/layout/root-layout.tsx (AppLoading, same classes and text) into
 * index.html's #root, so a phone paints it as soon as the page and its stylesheet arrive instead of
 * after the scripts have run; React replaces it with the same screen, then the page
 * (docs/performance.md).
 */
export function loadingScreen(text: string): Plugin {
  return {
    name: 'promotor:loading-screen',
    transformIndexHtml(html) {
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error('loading-screen: index.html has no empty #root');
      return html.replace(
        root,
        `<div id="root"><div class="app-loading" role="status"><span class="app-loading__spinner" aria-hidden="true"></span>${escapeHtml(text)}</div></div>`,
      );
    },
  };
}
