// The live map's markers where they would overlap on screen (issue 39, WCAG 2.5.8): two targets drawn
// over each other leave neither 24×24 px of its own (a point and its promoter at low zoom, two points of
// one shop), so overlapping markers are drawn as one group that zooms in to them. Pure: the map gives
// each marker's box in pixels at a zoom.

/** A marker's box on screen, in pixels. */
export type Box = { left: number; top: number; right: number; bottom: number };

/** A gap kept between two targets, so that touching edges do not count as apart. */
const GAP = 2;

const overlaps = (a: Box, b: Box) => a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;

/** The markers in groups: each group's boxes overlap one another in a chain; a marker alone is a group of one. */
export function overlapGroups<T>(items: readonly { item: T; box: Box }[]): T[][] {
  const groups: { items: T[]; boxes: Box[] }[] = [];
  for (const { item, box } of items) {
    const touching = groups.filter((group) => group.boxes.some((other) => overlaps(box, other)));
    const merged = {
      items: [...touching.flatMap((group) => group.items), item],
      boxes: [...touching.flatMap((group) => group.boxes), box],
    };
    for (const group of touching) groups.splice(groups.indexOf(group), 1);
    groups.push(merged);
  }
  return groups.map((group) => group.items);
}
