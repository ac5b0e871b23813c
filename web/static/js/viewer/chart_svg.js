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
    const group = svg('g', { class: 'series' });
    group.append(svg('title', {}, series.label));
    group.append(svg('polyline', { points: series.points.map(p => p.join(',')).join(' '),
                                   stroke: seatColour(series.seat), fill: 'none', 'stroke-width': 2 }));
    return group;
  });
}

// The parts that move with the step: the marker, each series' dot on it
// and the legend's values.
function stepParts(layout) {
  const marker = svg('line', { y1: layout.plot.top, y2: layout.plot.bottom, class: 'marker' });
  const dots = layout.series.map(series => svg('circle', { r: 4, fill: seatColour(series.seat) }));
  const values = layout.series.map(() => el('strong'));
  const legend = el('ul', { class: 'legend' }, layout.series.map((series, i) =>
    el('li', {},
       el('span', { class: 'swatch', style: `background:${seatColour(series.seat)}`, 'aria-hidden': 'true' }),
       series.label, ': ', values[i])));
  function show(moved) {
    marker.setAttribute('x1', moved.marker);
    marker.setAttribute('x2', moved.marker);
    moved.series.forEach((series, i) => {
      dots[i].setAttribute('cx', moved.marker);
      dots[i].setAttribute('cy', series.valueY === null ? -99 : series.valueY);
      dots[i].style.display = series.valueY === null ? 'none' : '';
      values[i].textContent = number(series.value);
    });
  }
  return { marker, dots, legend, show };
}

// A chart drawn once: {figure, show(step)}, where show moves the marker
// (redrawing every line at every step is what made stepping slow). A click
// on the plot calls pick(step) with the step under the pointer.
export function drawChart(chart, steps, step, pick) {
  const layout = chartLayout(chart, steps, step, BOX);
  const root = svg('svg', { viewBox: `0 0 ${BOX.width} ${BOX.height}`, class: 'chart', role: 'img',
                            'aria-label': chart.title || 'chart' });
  const moving = stepParts(layout);
  root.append(...axes(layout, chart, steps), moving.marker, ...lines(layout), ...moving.dots);
  root.addEventListener('click', event => {
    const box = root.getBoundingClientRect();
    if (box.width > 0) pick(stepAtX(layout, steps, ((event.clientX - box.left) / box.width) * BOX.width));
  });
  const show = at => moving.show(chartLayout(chart, steps, at, BOX));
  show(step);
  return {
    figure: el('figure', { class: 'chart-figure' }, el('figcaption', {}, chart.title || 'chart'), root, moving.legend),
    show,
  };
}
