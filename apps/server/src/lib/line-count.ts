// Counting a text file's lines before reading it (issue 32, decision 106): a file of a million blank
// lines is refused in microseconds, before it is decoded, split or parsed, and every later step sees
// a bounded number of lines.

/**
 * The lines of the bytes, counted only up to `limit + 1` (enough to tell "more than limit"): a '\n', a
 * '\r\n' or a lone '\r' ends a line, blank lines included; a last line without a break counts too.
 */
export function linesUpTo(bytes: Uint8Array, limit: number): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let lines = 0;
  for (let at = buf.indexOf(0x0a); at >= 0 && lines <= limit; at = buf.indexOf(0x0a, at + 1)) lines++;
  for (let at = buf.indexOf(0x0d); at >= 0 && lines <= limit; at = buf.indexOf(0x0d, at + 1)) if (buf[at + 1] !== 0x0a) lines++;
  const last = buf.at(-1);
  if (last !== undefined && last !== 0x0a && last !== 0x0d) lines++;
  return Math.min(lines, limit + 1);
}
