import { counted } from '../facet/words.ts';
import { AREAS } from '../areas/index.ts';
import { safeSvg } from '../safety/svg.ts';
import type { GapHistory } from './history.ts';

/** Colours told apart by most eyes (Okabe–Ito and two more), one per area. */
const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#C9B800', '#0072B2', '#D55E00', '#CC79A7', '#8C8C8C', '#AA4499'];
const W = 640;
const H = 220;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };

/** The history as an SVG line chart: open gaps per commit, in total (bold) and per area. */
export function historyChartSvg(history: GapHistory): string | undefined {
  const { points } = history;
  if (points.length === 0) return undefined;
  const max = Math.max(1, ...points.map((p) => p.total));
  const x = (i: number) => PAD.left + (points.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (points.length - 1));
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / max);
  // With few points each one gets a marker, so one or two commits still read as data, not as a stray dot.
  const markers = points.length <= 12;
  const line = (values: number[], attrs: string, r: number) =>
    (values.length > 1 ? `<polyline fill="none" points="${values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}" ${attrs}/>` : '') +
    (markers || values.length === 1 ? values.map((v, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="${r}" ${attrs}/>`).join('') : '');
  // Areas with no open gap at any commit are not drawn (they would pile up on the zero line); the legend says so.
  const drawn = AREAS.flatMap((a, i) => (points.some((p) => (p.gaps[a.key] ?? 0) > 0) ? [[a, i] as const] : []));
  const first = points[0];
  const last = points[points.length - 1];
  const label = `Open gaps over ${counted(points.length, 'commit')}: ${first?.total} at ${first?.sha.slice(0, 7)}, ${last?.total} at ${last?.sha.slice(0, 7)}.`;
  const parts = [
    `<svg class="history-chart" role="img" aria-label="${label}" viewBox="0 0 ${W} ${H}" width="100%" xmlns="http://www.w3.org/2000/svg">`,
    `<line x1="${PAD.left}" y1="${y(0)}" x2="${W - PAD.right}" y2="${y(0)}" stroke="currentColor" stroke-opacity="0.4"/>`,
    `<text x="${PAD.left - 6}" y="${y(max) + 4}" text-anchor="end" font-size="11" fill="currentColor">${max}</text>`,
    `<text x="${PAD.left - 6}" y="${y(0) + 4}" text-anchor="end" font-size="11" fill="currentColor">0</text>`,
    `<text x="${PAD.left}" y="${H - 8}" font-size="11" fill="currentColor">${first?.date.slice(0, 10)}</text>`,
    `<text x="${W - PAD.right}" y="${H - 8}" text-anchor="end" font-size="11" fill="currentColor">${last?.date.slice(0, 10)}</text>`,
    ...drawn.map(([a, i]) => line(points.map((p) => p.gaps[a.key] ?? 0), `stroke="${PALETTE[i]}" fill="${PALETTE[i]}" stroke-width="1.5"`, 2.5)),
    line(points.map((p) => p.total), 'stroke="currentColor" fill="currentColor" stroke-width="3"', 3.5),
    '</svg>',
  ];
  // Drawn from commit data, not content; still through the SVG sanitizer, like every SVG a page holds.
  return safeSvg(parts.join(''), { className: 'history-chart', label });
}

/** The legend: which colour is which area, and which areas had no open gap at any commit (not drawn). */
export function historyLegend(history: GapHistory): Array<{ label: string; color?: string }> {
  const open = (key: string) => history.points.some((p) => (p.gaps[key as keyof typeof p.gaps] ?? 0) > 0);
  return [
    { label: 'All areas', color: 'currentColor' },
    ...AREAS.map((a, i) => (open(a.key) ? { label: a.title, color: PALETTE[i] ?? '#888' } : { label: `${a.title}: no open gap at any commit` })),
  ];
}
