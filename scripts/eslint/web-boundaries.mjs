import path from 'node:path';

// The web app's layers (docs/architecture.md): features never import each other or app/; lib/ and
// components/ never import the store, features or app/; the store never imports features or app/ (the
// features register their slices with it from app/, decision 082). The back office (biuro/, its own
// build) and the promoter app share only lib/, components/, i18n/ and styles/: nothing of the app
// reaches into biuro/, and biuro/ never reaches into the app's store, features or app/ (decision 089).
// One local rule instead of a plugin: it only has to resolve relative imports inside apps/web/src, and
// it names the layer in its message.

const webSrc = path.resolve(import.meta.dirname, '../../apps/web/src');

/** 'features/actions', 'lib', 'app', … for a file inside apps/web/src; null outside it. */
function layerOf(file) {
  const relative = path.relative(webSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second] = relative.split(path.sep);
  if (top === 'features' && second) return `features/${second}`;
  return top ?? null;
}

/** Why `from` may not import `to`, or null when it may. */
function refusal(from, to) {
  if (from === to) return null;
  if (to === 'biuro') return 'only the back office imports biuro/ (the promoter app never loads it)';
  if (from === 'biuro' && (to === 'store' || to === 'app' || to.startsWith('features/')))
    return `biuro/ never imports the promoter app's ${to.startsWith('features/') ? 'features' : to}/`;
  if (from.startsWith('features/')) {
    if (to.startsWith('features/')) return 'a feature never imports another feature (pass what it needs from app/)';
    if (to === 'app') return 'a feature never imports app/';
  }
  if (from === 'store' && (to === 'app' || to.startsWith('features/')))
    return `the store never imports ${to === 'app' ? 'app' : 'features'}/ (a feature registers its slice from app/store-slices.ts)`;
  if (from === 'lib' || from === 'components') {
    if (to === 'store' || to === 'app' || to.startsWith('features/'))
      return `${from}/ never imports ${to.startsWith('features/') ? 'features' : to}/`;
  }
  return null;
}

// Test files, test kits and testing/ folders may reach across layers to run the real app around a part.
const isTestCode = (file) =>
  /(\.test\.tsx?|-test-kit\.ts)$/.test(file) || file.split(path.sep).some((dir) => dir === 'testing' || dir === 'test');

export const webBoundaries = {
  meta: { type: 'problem', schema: [], messages: { crossing: 'Layer boundary: {{why}} ({{from}} → {{to}}).' } },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!from || isTestCode(file)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(file), source));
      const why = to && refusal(from, to);
      if (why) context.report({ node: node.source, messageId: 'crossing', data: { why, from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
