import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

type ChunkWithCss = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * Adds `<link rel="modulepreload">` (and the stylesheets) of one lazy page to index.html, so that the
 * browser fetches that page's code together with the entry instead of a round trip after it. For the
 * login page, the first screen of a first visit: without it the page appears only after the entry has
 * run and asked for it (docs/performance.md). Other pages stay lazy; after the first visit the service
 * worker has all of them.
 */
export function preloadFirstPage(pageModule: string): Plugin {
  return {
    name: 'promotor:preload-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((output): output is ChunkWithCss => output.type === 'chunk');
        const page = chunks.find((chunk) => chunk.facadeModuleId?.split(path.sep).join('/').endsWith(pageModule));
        if (!page) throw new Error(`preload-first-page: no chunk for ${pageModule}`);
        const entry = chunks.find((chunk) => chunk.isEntry);
        // What the entry loads already is in index.html.
        const loaded = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk | undefined, into: Set<string>) => {
          if (!chunk || into.has(chunk.fileName)) return;
          into.add(chunk.fileName);
          for (const file of chunk.imports) visit(bundle[file] as Rollup.OutputChunk, into);
        };
        visit(entry, loaded);
        const wanted = new Set<string>();
        visit(page, wanted);

        const tags: HtmlTagDescriptor[] = [];
        const styles = new Set<string>();
        for (const file of wanted) {
          if (loaded.has(file)) continue;
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' });
          for (const css of (bundle[file] as ChunkWithCss).viteMetadata?.importedCss ?? []) styles.add(css);
        }
        for (const css of styles) {
          // Fetched early but not render-blocking: the page's loader adds the stylesheet when it runs.
          tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${css}` }, injectTo: 'head' });
        }
        return tags;
      },
    },
  };
}
