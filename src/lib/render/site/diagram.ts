import { safeSvg } from '../../safety/svg.ts';

/**
 * Graphviz's SVG made fit for a page through the SVG sanitizer: no ids or tooltips (several
 * diagrams share a page), colours that follow the theme, a width that follows the column, and
 * a text alternative.
 */
export function cleanSvg(svg: string, label: string): string | undefined {
  return safeSvg(svg, { className: 'state-diagram', label, colors: { black: 'currentColor', white: 'none' }, textFill: 'currentColor', fluid: true });
}
