// Liar's Dice at the table: your dice, how many dice each seat rolled, the
// bids so far with the one standing, and after the challenge every seat's
// dice, the count and the loser. Small enough to fold its stream here: the
// model is liarsModel, pure and DOM-free like the others' models.
import { el } from '../dom.js';
import { stateFlags } from '../private_facts.js';
import { specParams } from '../table_state.js';
import { renderLog, renderResult, renderTurn, seatName } from './generic.js';
import { cardBack, cardRow, fillIf, hasRegion } from './cards.js';
import { foldCache, seatOf } from './fold.js';
import { winnersLine } from './outcome.js';

const RECENT_BIDS = 8;

export function createLiars(state) {
  const { players, you, spectator } = seatOf(state, 2);
  const sides = Number(specParams(state.welcome ? state.welcome.game : '').sides) || 6;
  return { players, you, spectator, sides, dice: [], rolled: Array(players).fill(0), bids: [],
           challenger: null, shown: Array(players).fill(null), result: null };
}

export function addLiars(model, json) {
  const seat = json.seat;
  switch (json.kind) {
    case 'rolled': model.dice.push(json.face); if (model.you >= 0) model.rolled[model.you] += 1; break;
    case 'rolled_die': model.rolled[seat] += 1; break;
    case 'bid': model.bids.push({ seat, quantity: json.quantity, face: json.face }); break;
    case 'liar': model.challenger = seat; break;
    case 'shows': model.shown[seat] = [...json.dice]; break;
    case 'result': model.result = { count: json.count, loser: seat }; break;
    default: break;
  }
}

const liarsOf = foldCache(createLiars, addLiars);

export function render(state, act) {
  const model = liarsOf(state);
  fillIf('seats', Array.from({ length: model.players }, (_, seat) => {
    const dice = model.shown[seat] || (seat === model.you ? model.dice : null);
    return el('li', { class: ['seat-box', seat === model.you ? 'you' : ''].filter(Boolean).join(' ') },
      el('div', { class: 'seat-name' }, seatName(state, seat), seat === model.you ? ' — you' : null),
      el('div', { class: 'seat-line' }, `${model.rolled[seat]} dice`,
         model.result && model.result.loser === seat ? el('span', { class: 'tag' }, 'loses') : null),
      cardRow(dice ? dice.map(die) : Array.from({ length: model.rolled[seat] }, () => cardBack({ label: 'a hidden die' })),
              { small: true }));
  }));
  const panel = typeof document !== 'undefined' ? document.getElementById('hand-panel') : null;
  if (panel) panel.hidden = model.spectator;
  if (!model.spectator) fillIf('hand', el('li', { class: 'hand-layout' }, el('p', {}, 'Your dice'), cardRow(model.dice.map(die))));
  const bids = model.bids.slice(-RECENT_BIDS).reverse();
  fillIf('table', el('li', { class: 'round-layout' },
    el('p', { class: 'round-head' }, `${model.sides} is wild · ${model.bids.length} bids`),
    el('ul', { class: 'work' }, bids.map((b, i) => el('li', { class: i === 0 ? 'latest' : null },
      `P${b.seat} bids ${b.quantity} ${b.face}s`))),
    model.challenger !== null ? el('p', {}, `P${model.challenger} calls liar`) : null,
    model.result ? el('p', { class: 'mission-result' }, `${model.result.count} matching dice: P${model.result.loser} loses`)
      : null));
  const outcome = state.gameOver ? liarsOutcome(state, model) : null;
  if (hasRegion('actions')) renderTurn(state, act, { context: decisionContext(state, model), outcome });
  if (hasRegion('result')) renderResult(state, outcome);
  if (hasRegion('log')) renderLog(state, stateFlags(state));
}

function die(face) {
  return el('span', { class: 'die', role: 'img', 'aria-label': `a die showing ${face}` }, face);
}

function decisionContext(state, model) {
  if (!state.turn || !state.turn.to_act) return null;
  const last = model.bids.at(-1);
  const total = model.rolled.reduce((a, b) => a + b, 0);
  return [el('div', { class: 'flips' }, 'Your dice', model.dice.map(die), `· ${total} dice in all, ${model.sides}s wild`),
    el('p', {}, last ? `Standing bid: P${last.seat} bids ${last.quantity} ${last.face}s. Raise it, or call liar.`
      : 'You bid first.')];
}

function liarsOutcome(state, model) {
  const returns = state.gameOver.returns;
  const loser = model.result ? model.result.loser : returns.indexOf(Math.min(...returns));
  const winners = returns.map((_, s) => s).filter(s => s !== loser);
  const last = model.bids.at(-1);
  return {
    headline: `${winnersLine(winners, model.players)}: P${loser} loses` +
              (model.result && last ? ` (${model.result.count} dice show ${last.face} or ${model.sides}, bid ${last.quantity})` : ''),
    columns: ['Dice'],
    rows: returns.map((_, seat) => [(model.shown[seat] || []).join(' ') || '?']),
  };
}
