import { inflateSync } from 'node:zlib';

// The text a PDF shows, read back for tests (issue 26's consent proof): enough of PDF for what pdfkit
// writes — Type0 fonts with a ToUnicode map, text in <hex> strings shown by Tj and TJ, Flate streams.
// A line is one baseline (the y of Tm); pieces on one baseline are joined as they are.

type PdfObject = { dict: string; stream: Buffer | null };

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const [dict = '', raw] = m[2]!.split(/stream\r?\n/);
    let stream: Buffer | null = null;
    if (raw !== undefined) {
      const bytes = Buffer.from(raw.replace(/\r?\nendstream\s*$/, ''), 'latin1');
      stream = dict.includes('/FlateDecode') ? inflateSync(bytes) : bytes;
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  return objects;
}

const hexUnits = (hex: string) => hex.replace(/\s/g, '').match(/.{4}/g) ?? [];
const fromUnits = (hex: string) => String.fromCodePoint(...hexUnits(hex).map((u) => parseInt(u, 16)));

/** A ToUnicode CMap: glyph code → text (bfchar and bfrange, with arrays). */
function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(m[1]!, 16), fromUnits(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const start = parseInt(m[1]!, 16);
      const end = parseInt(m[2]!, 16);
      const target = m[3]!;
      if (target.startsWith('[')) {
        [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((t, i) => map.set(start + i, fromUnits(t[1]!)));
      } else {
        const first = parseInt(target.slice(1, -1), 16);
        for (let code = start; code <= end; code++) map.set(code, String.fromCodePoint(first + code - start));
      }
    }
  }
  return map;
}

/** Every page's text, pages in order, lines by baseline. */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const m of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(m[2]))?.dict ?? '';
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
      const cmap = toUnicode ? objects.get(Number(toUnicode))?.stream : null;
      if (cmap) fonts.set(m[1]!, unicodeMap(cmap.toString('latin1')));
    }
  }
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict));
  const lines: string[] = [];
  for (const page of pages) {
    const contents = /\/Contents (\d+) 0 R/.exec(page.dict)?.[1];
    const stream = objects.get(Number(contents))?.stream?.toString('latin1') ?? '';
    let font = new Map<number, string>();
    let y: string | null = null;
    let line = '';
    for (const m of stream.matchAll(/\/(F\d+) [\d.]+ Tf|[\d.-]+ ([\d.-]+) Tm|\[((?:<[0-9a-fA-F]*>|[^\]])*)\] TJ|<([0-9a-fA-F]*)> Tj/g)) {
      if (m[1]) font = fonts.get(m[1]) ?? new Map();
      else if (m[2] !== undefined) {
        if (y !== null && m[2] !== y) {
          lines.push(line);
          line = '';
        }
        y = m[2];
      } else {
        const hex = m[3] !== undefined ? [...m[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!).join('') : m[4]!;
        line += hexUnits(hex)
          .map((u) => font.get(parseInt(u, 16)) ?? '\uFFFD')
          .join('');
      }
    }
    lines.push(line);
  }
  return lines.join('\n');
}
