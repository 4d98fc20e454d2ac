import path from 'node:path';

// The server's layers (docs/architecture.md, STYLE.md): lib/, config/ and db/ at the bottom, then
// plugins/, then modules/; app.ts, server.ts, cli/, seed/ and test/ sit on top and may use any of them.
// A module reaches another only through its public face — its service or its guards — never its
// repository or its helpers. The model is web-boundaries.mjs: relative imports inside one folder tree.

const serverSrc = path.resolve(import.meta.dirname, '../../apps/server/src');

const BOTTOM = new Set(['lib', 'config', 'db']);

/** { layer, module, file } for a file inside apps/server/src; null outside it. */
function placeOf(file) {
  const relative = path.relative(serverSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  if (parts.length === 1) return { layer: 'top', module: null, file: parts[0] };
  const [top, second] = parts;
  if (top === 'modules') return { layer: 'modules', module: second, file: parts.at(-1) };
  if (BOTTOM.has(top) || top === 'plugins') return { layer: top, module: null, file: parts.at(-1) };
  return { layer: 'top', module: null, file: parts.at(-1) };
}

// A module's public face, what other modules may import of it: its services, its guards, and the file
// named after the module (notifier/notifier.ts: the interface the others send through).
const isFace = (place) => /(\.service|[.-]guards)\.ts$/.test(place.file) || place.file === `${place.module}.ts`;

/** Why `from` may not import `to`, or null when it may. */
function refusal(from, to) {
  if (BOTTOM.has(from.layer)) {
    if (to.layer === 'plugins' || to.layer === 'modules' || to.layer === 'top')
      return `${from.layer}/ never imports ${to.layer === 'top' ? to.file : `${to.layer}/`}`;
    return null;
  }
  if (from.layer === 'plugins') {
    if (to.layer === 'modules' || to.layer === 'top') return `plugins/ never imports ${to.layer === 'top' ? to.file : 'modules/'}`;
    return null;
  }
  if (from.layer === 'modules') {
    if (to.layer === 'top') return `a module never imports ${to.file}`;
    if (to.layer === 'modules' && to.module !== from.module && !isFace(to))
      return `a module uses modules/${to.module} only through its service or guards, not ${to.file}`;
  }
  return null;
}

// Tests may reach across layers to run the real app around a part.
const isTestCode = (file) => /\.test\.ts$/.test(file) || file.split(path.sep).includes('test');

export const serverBoundaries = {
  meta: { type: 'problem', schema: [], messages: { crossing: 'Layer boundary: {{why}} ({{from}} → {{to}}).' } },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!from || isTestCode(file)) return {};
    const describe = (place) => (place.module ? `modules/${place.module}` : place.layer === 'top' ? place.file : place.layer);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(file), source));
      const why = to && refusal(from, to);
      if (why) context.report({ node: node.source, messageId: 'crossing', data: { why, from: describe(from), to: describe(to) } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
