// Kuhn and Leduc poker at the table: your card, the public card (Leduc),
// each seat's chips in the pot and its last action, the betting round by
// round, and the cards shown at a showdown. A decision shows the pot and
// what calling costs above its buttons. From poker_model.js (the stream
// alone); buttons, result and log are generic.js's.
import { el } from '../dom.js';
import { stateFlags } from '../private_facts.js';
import { renderLog, renderResult, renderTurn, seatName } from './generic.js';
import { block, cardBack, cardRow, fillIf, hasRegion, playingCard } from './cards.js';
import { foldCache } from './fold.js';
import { leaders, signed, winnersLine } from './outcome.js';
import { addPoker, createPoker, owed, pot } from './poker_model.js';

const pokerOf = foldCache(createPoker, addPoker);

export function render(state, act) {
  const model = pokerOf(state);
  renderSeatBoxes(state, model);
  renderHandPanel(model);
  renderTable(model);
  const outcome = state.gameOver ? pokerOutcome(state, model) : null;
  if (hasRegion('actions')) renderTurn(state, act, { context: decisionContext(state, model), outcome });
  if (hasRegion('result')) renderResult(state, outcome);
  if (hasRegion('log')) renderLog(state, stateFlags(state));
}

function lastAction(model, seat) {
  for (let r = model.rounds.length - 1; r >= 0; --r) {
    const found = model.rounds[r].filter(b => b.seat === seat).at(-1);
    if (found) return found.action;
  }
  return null;
}

function renderSeatBoxes(state, model) {
  fillIf('seats', Array.from({ length: model.players }, (_, seat) => {
    const card = model.shown[seat] || (seat === model.you ? model.card : null);
    const action = lastAction(model, seat);
    return el('li', { class: ['seat-box', seat === model.you ? 'you' : ''].filter(Boolean).join(' ') },
      el('div', { class: 'seat-name' }, seatName(state, seat), seat === model.you ? ' — you' : null),
      el('div', { class: 'seat-line' }, el('span', { class: 'monies' }, `${model.chips[seat]} in the pot`),
         action ? el('span', { class: model.folded[seat] ? 'tag quiet' : 'tag' }, action) : null),
      cardRow([card ? playingCard(card, { marks: ['tiny'] }) : cardBack({ label: `P${seat}'s card` })],
              { small: true }));
  }));
}

function renderHandPanel(model) {
  const panel = typeof document !== 'undefined' ? document.getElementById('hand-panel') : null;
  if (panel) panel.hidden = model.spectator;
  if (model.spectator) return;
  fillIf('hand', el('li', { class: 'hand-layout' },
    block('Your card', cardRow(model.card ? [playingCard(model.card)] : [], { empty: 'not dealt yet' }))));
}

function renderTable(model) {
  const parts = [el('p', { class: 'round-head' }, `Pot ${pot(model)} chips`)];
  if (model.leduc) {
    parts.push(el('div', { class: 'flips' }, el('span', { class: 'muted' }, 'public card'),
      model.publicCard ? playingCard(model.publicCard) : cardBack({ label: 'the public card, not turned yet' })));
  }
  parts.push(block('Betting', el('ol', { class: 'work' }, model.rounds.map((round, r) => el('li', {},
    model.rounds.length > 1 || model.leduc ? `Round ${r + 1}: ` : '',
    round.length ? round.map(b => `P${b.seat} ${b.action}`).join(', ') : '…')))));
  fillIf('table', el('li', { class: 'round-layout' }, parts));
}

function decisionContext(state, model) {
  if (!state.turn || !state.turn.to_act) return null;
  const due = owed(model, model.you);
  const cards = [model.card ? playingCard(model.card, { marks: ['tiny'] }) : null];
  if (model.publicCard) cards.push(el('span', { class: 'muted' }, ' public '), playingCard(model.publicCard, { marks: ['tiny'] }));
  const last = model.rounds.at(-1).at(-1);
  return [
    el('div', { class: 'flips' }, el('span', {}, 'Your card'), cards,
       el('span', {}, `· pot ${pot(model)} · you have put in ${model.chips[model.you]}`)),
    el('p', {}, last ? `P${last.seat} ${last.action}. ` : 'You act first. ',
       due ? `Calling costs ${due} chip${due > 1 ? 's' : ''}; folding gives up the pot.` : 'Nothing to call.'),
  ];
}

// The returns are chips won or lost.
function pokerOutcome(state, model) {
  const returns = state.gameOver.returns;
  const top = leaders(returns);
  const folded = model.folded.some(Boolean);
  return {
    headline: `${winnersLine(top, model.players)} ${signed(returns[top[0]])} chip${Math.abs(returns[top[0]]) === 1 ? '' : 's'}` +
              (folded ? ' (a fold)' : model.shown.some(Boolean) ? ' at the showdown' : ''),
    columns: ['Card', 'Chips in'],
    rows: returns.map((_, seat) => [model.shown[seat] || (seat === model.you ? model.card : '?') || '?', model.chips[seat]]),
  };
}
