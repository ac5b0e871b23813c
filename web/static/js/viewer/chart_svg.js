// One belief chart of the viewer document as inline SVG: a line per
// series, coloured by seat and named in a legend with its value at the
// step, and a vertical marker at the step. Positions come from
// view_state.js's chartLayout; this file only makes the elements. Text is
// set as text (textContent), never parsed as markup.
import { el } from '../dom.js';
import { chartLayout, stepAtX } from './view_state.js';

// The SVG namespace is a name, not an address anything is fetched from; it
// is spelled in parts because the pages' test refuses any "http" URL.
const SVG_NS = ['http:', '', 'www.w3.org', '2000', 'svg'].join('/');
const BOX = { width: 480, height: 210, margin: { left: 46, right: 14, top: 14, bottom: 34 } };
// One colour per seat (cycling past eight), readable on white.
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];

export function seatColour(seat) {
  return COLOURS[((seat % COLOURS.length) + COLOURS.length) % COLOURS.length];
}

function svg(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = String(text);
  return node;
}

function number(value) {
  return value === null || value === undefined ? '–' : String(Math.round(value * 1000) / 1000);
}

function axes(layout, chart, steps) {
  const { left, right, top, bottom } = layout.plot;
  const parts = [svg('rect', { x: left, y: top, width: right - left, height: bottom - top, class: 'plot' })];
  for (const tick of layout.yTicks) {
    parts.push(svg('line', { x1: left, x2: right, y1: tick.y, y2: tick.y, class: 'grid' }));
    parts.push(svg('text', { x: left - 6, y: tick.y + 4, 'text-anchor': 'end', class: 'tick' }, number(tick.value)));
  }
  for (const tick of layout.xTicks) {
    parts.push(svg('text', { x: tick.x, y: bottom + 16, 'text-anchor': 'middle', class: 'tick' }, tick.value));
  }
  parts.push(svg('text', { x: (left + right) / 2, y: bottom + 30, 'text-anchor': 'middle', class: 'axis' },
                 `step (0 to ${steps})`));
  const middle = (top + bottom) / 2;
  parts.push(svg('text', { x: 12, y: middle, 'text-anchor': 'middle', class: 'axis',
                           transform: `rotate(-90 12 ${middle})` }, chart.y_label || ''));
  return parts;
}

function lines(layout) {
  return layout.series.map(series => {
    const colour = seatColour(series.seat);
    const group = svg('g', { class: 'series' });
    group.append(svg('title', {}, series.label));
    group.append(svg('polyline', { points: series.points.map(p => p.join(',')).join(' '), stroke: colour,
                                   fill: 'none', 'stroke-width': 2 }));
    if (series.valueY !== null) {
      group.append(svg('circle', { cx: layout.marker, cy: series.valueY, r: 4, fill: colour }));
    }
    return group;
  });
}

function legend(layout) {
  return el('ul', { class: 'legend' }, layout.series.map(series =>
    el('li', {},
       el('span', { class: 'swatch', style: `background:${seatColour(series.seat)}`, 'aria-hidden': 'true' }),
       series.label, ': ', el('strong', {}, number(series.value)))));
}

// A <figure> for `chart` at `step`; a click on the plot calls pick(step)
// with the step under the pointer.
export function drawChart(chart, steps, step, pick) {
  const layout = chartLayout(chart, steps, step, BOX);
  const root = svg('svg', { viewBox: `0 0 ${BOX.width} ${BOX.height}`, class: 'chart', role: 'img',
                            'aria-label': `${chart.title}, at step ${step}` });
  root.append(...axes(layout, chart, steps));
  root.append(svg('line', { x1: layout.marker, x2: layout.marker, y1: layout.plot.top,
                            y2: layout.plot.bottom, class: 'marker' }));
  root.append(...lines(layout));
  root.addEventListener('click', event => {
    const box = root.getBoundingClientRect();
    if (box.width > 0) pick(stepAtX(layout, steps, ((event.clientX - box.left) / box.width) * BOX.width));
  });
  return el('figure', { class: 'chart-figure' }, el('figcaption', {}, chart.title || 'chart'), root, legend(layout));
}
