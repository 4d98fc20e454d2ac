import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_CONFIG, renderHaproxyConfig } from './cluster.mjs';

// Issue 36: npm run cluster runs the HAProxy configuration the README shows, with only this machine's
// addresses in it.
describe('npm run cluster', () => {
  const documented = fs.readFileSync(DOCUMENTED_CONFIG, 'utf8');

  it("runs the README's configuration: its haproxy block is deploy/haproxy.cfg", () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../README.md'), 'utf8');
    const block = readme.match(/```haproxy\n([\s\S]*?)```/)?.[1];
    expect(block).toBe(documented);
  });

  it('puts its own port in the bind line and one server line per instance where the documented ones were', () => {
    const rendered = renderHaproxyConfig(documented, 18080, [3101, 3102, 3103, 3104]);
    expect(rendered).toContain('    bind 127.0.0.1:18080\n');
    expect(rendered.match(/^\s*server .*$/gm)).toEqual([
      '    server app1 127.0.0.1:3101',
      '    server app2 127.0.0.1:3102',
      '    server app3 127.0.0.1:3103',
      '    server app4 127.0.0.1:3104',
    ]);
    // Everything else is the documented file's, line for line.
    const rest = (text) => text.split('\n').filter((line) => !/^\s*(server|bind) /.test(line));
    expect(rest(rendered)).toEqual(rest(documented));
    expect(() => renderHaproxyConfig('global\n', 1, [2])).toThrow('no server line');
  });
});
