import { toWallClock } from '@promotor/contract/wall-clock';

/**
 * The instant a wall-clock 'YYYY-MM-DD HH:mm:ss' of the zone names (the later one in an autumn's
 * repeated hour; a time skipped in spring lands just after the gap).
 */
export function instantOfWall(wall: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`);
  let instant = asUtc;
  for (let i = 0; i < 2; i++) {
    const shown = Date.parse(`${toWallClock(new Date(instant), timeZone).replace(' ', 'T')}Z`);
    instant -= shown - asUtc;
  }
  return new Date(instant);
}
