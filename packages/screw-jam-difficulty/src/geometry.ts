import type { Bar, Point } from './model.js';

const EPS = 1e-9;

/** True when `p` lies on segment a–b (within a tiny tolerance). */
function onSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): boolean {
  const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  if (Math.abs(cross) > EPS * Math.max(1, Math.abs(bx - ax) + Math.abs(by - ay))) return false;
  return (
    px >= Math.min(ax, bx) - EPS &&
    px <= Math.max(ax, bx) + EPS &&
    py >= Math.min(ay, by) - EPS &&
    py <= Math.max(ay, by) + EPS
  );
}

/** Point in a simple polygon (even–odd rule), boundary counted as inside. */
export function pointInPolygon(p: Point, polygon: readonly (readonly [number, number])[]): boolean {
  const n = polygon.length;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (onSegment(p.x, p.y, xi, yi, xj, yj)) return true;
    if (yi > p.y !== yj > p.y && p.x < ((xj - xi) * (p.y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** True when the bar's shape covers `p` (inside or on the boundary). */
export function barCovers(bar: Bar, p: Point): boolean {
  if (bar.cells) {
    for (const [cx, cy] of bar.cells) {
      if (p.x >= cx && p.x <= cx + 1 && p.y >= cy && p.y <= cy + 1) return true;
    }
    return false;
  }
  return bar.polygon ? pointInPolygon(p, bar.polygon) : false;
}

/** The bounding box of a bar's shape: [minX, minY, maxX, maxY]. */
export function barBounds(bar: Bar): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  if (bar.cells) {
    for (const [x, y] of bar.cells) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + 1);
      maxY = Math.max(maxY, y + 1);
    }
  } else if (bar.polygon) {
    for (const [x, y] of bar.polygon) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return [minX, minY, maxX, maxY];
}
