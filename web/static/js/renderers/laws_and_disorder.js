// Laws and Disorder at the table: each seat's position, monies and hand
// size; your hand; the laws on the table as sentences (THE JUDGE GIVES
// 2 MONIES), the law being built, the positions and who holds them, the deck
// and the last effects. A decision shows its context above its buttons: the
// law built so far, the hand a theft showed, the law taking effect for you,
// the laws an ability names. Everything comes from laws_model.js (the stream
// alone); the buttons, the result table and the log are generic.js's.
import { el } from '../dom.js';
import { stateFlags } from '../private_facts.js';
import { renderLog, renderResult, renderTurn, seatName } from './generic.js';
import { backs, block, cardRow, fillIf, hasRegion } from './cards.js';
import { foldCache } from './fold.js';
import { addLaws, cardKind, createLaws, deckLeft, lawSentence, lawsNamed, POSITIONS } from './laws_model.js';
import { leaders, winnersLine } from './outcome.js';

const lawsOf = foldCache(createLaws, addLaws);
const MAX_NAMED = 3;  // laws an ability names that the context lists

export function render(state, act) {
  const model = lawsOf(state);
  renderSeatBoxes(state, model);
  renderHandPanel(model);
  renderTable(state, model);
  const outcome = state.gameOver ? lawsOutcome(model) : null;
  if (hasRegion('actions')) renderTurn(state, act, { context: decisionContext(state, model), outcome });
  if (hasRegion('result')) renderResult(state, outcome);
  if (hasRegion('log')) renderLog(state, stateFlags(state));
}

// A card of the game as a coloured chip (job, verb, object, when).
export function lawCard(card) {
  return el('span', { class: `law-card kind-${cardKind(card)}` }, card);
}

function positionWord(position) {
  return position ? position.charAt(0) + position.slice(1).toLowerCase() : 'no position';
}

function renderSeatBoxes(state, model) {
  const mover = model.turn ? model.turn.seat : -1;
  fillIf('seats', Array.from({ length: model.players }, (_, seat) => el('li', {
    class: ['seat-box', seat === model.you ? 'you' : '', seat === mover ? 'dealer' : ''].filter(Boolean).join(' ') },
    el('div', { class: 'seat-name' }, seatName(state, seat), seat === model.you ? ' — you' : null),
    el('div', { class: 'seat-line' },
       seat === mover ? el('span', { class: 'tag' }, 'to move') : null,
       el('span', { class: 'tag quiet' }, positionWord(model.position[seat])),
       el('span', { class: 'monies' }, `$${model.monies[seat]}`),
       el('span', {}, `${model.handSize[seat]} card${model.handSize[seat] === 1 ? '' : 's'}`)),
    cardRow(backs(Math.min(model.handSize[seat], 12), { label: 'a card in hand' }),
            { small: true, empty: 'no cards' }))));
}

function renderHandPanel(model) {
  const panel = typeof document !== 'undefined' ? document.getElementById('hand-panel') : null;
  if (panel) panel.hidden = model.spectator;
  if (model.spectator) return;
  const hand = [...model.hand].sort();
  fillIf('hand', el('li', { class: 'hand-layout' },
    el('p', { class: 'monies' }, `You are ${model.position[model.you] ? 'THE ' + model.position[model.you] : '…'}`,
       ` · $${model.monies[model.you]}`),
    block(`Your hand (${hand.length})`, el('div', { class: 'law-cards' },
      hand.length ? hand.map(lawCard) : el('span', { class: 'empty' }, 'no cards')))));
}

function lawItem(law, you) {
  return el('li', { class: 'law' }, el('span', { class: 'law-name' }, `L${law.number}`),
    ` ${lawSentence(law.cards)} `,
    el('span', { class: 'muted' }, `(made by ${law.maker === you ? 'you' : 'P' + law.maker})`));
}

function renderTable(state, model) {
  const parts = [];
  const turn = model.turn ? `Turn ${model.turn.number} · P${model.turn.seat} to move` : 'The deal';
  parts.push(el('p', { class: 'round-head' }, turn, ` · deck ${deckLeft(model)} cards`,
                model.lastCard ? ' · the last card is drawn: one more turn each' : ''));
  if (model.building) {
    parts.push(el('div', { class: 'mission' }, el('h3', {}, `P${model.building.seat} is making a law`),
      el('p', { class: 'law-sentence' }, lawSentence(model.building.cards, { unfinished: true }))));
  }
  const laws = [...model.laws.values()];
  parts.push(block(`Laws on the table (${laws.length})`, laws.length
    ? el('ol', { class: 'laws' }, laws.map(law => lawItem(law, model.you)))
    : el('p', { class: 'empty' }, 'no laws yet')));
  parts.push(block('Positions', el('ul', { class: 'positions' }, POSITIONS.map(p => el('li', {},
    el('span', { class: 'law-card kind-job' }, p), ' ',
    model.holder[p] === null ? el('span', { class: 'muted' }, 'unheld')
      : `P${model.holder[p]}${model.holder[p] === model.you ? ' (you)' : ''}`)))));
  if (model.recent.length) {
    parts.push(block('Lately', el('ul', { class: 'work' },
      [...model.recent].reverse().map(({ index }) => el('li', {}, state.stream[index].text)))));
  }
  fillIf('table', el('li', { class: 'round-layout' }, parts));
}

// What the decision at hand is about, for the lines above its buttons.
function decisionContext(state, model) {
  if (!state.turn || !state.turn.to_act) return null;
  const legal = state.turn.legal || [];
  const parts = [];
  if (model.building && model.building.seat === model.you) {
    parts.push(el('p', {}, el('strong', {}, 'Your law so far: '), lawSentence(model.building.cards, { unfinished: true })));
  } else if (legal.some(t => t.startsWith('take ')) && model.thiefSaw) {
    parts.push(el('p', {}, `P${model.thiefSaw.victim}'s hand: take one card`),
               el('div', { class: 'law-cards' }, model.thiefSaw.cards.map(lawCard)));
  } else if (legal.some(t => /^(give|to|discard) /.test(t)) && model.yourEffect &&
             model.laws.has(model.yourEffect.law)) {
    const law = model.laws.get(model.yourEffect.law);
    parts.push(el('p', {}, `L${law.number} takes effect for you: ${lawSentence(law.cards)}`));
  } else if (legal.some(t => t.startsWith('discard '))) {
    parts.push(el('p', {}, `Discard a card: you hold ${model.hand.length}`));
  } else {
    parts.push(el('p', {}, `You are THE ${model.position[model.you] || '…'} with $${model.monies[model.you]}`,
                  ` and ${model.hand.length} cards; an ability costs $2`));
  }
  // The laws an ability names, while they are few enough to list here (the
  // table lists them all).
  const named = lawsNamed(legal).filter(number => model.laws.has(number));
  if (named.length && named.length <= MAX_NAMED) {
    for (const number of named) {
      parts.push(el('p', { class: 'muted' }, `L${number}: ${lawSentence(model.laws.get(number).cards)}`));
    }
  } else if (named.length) {
    parts.push(el('p', { class: 'muted' }, `The abilities name ${named.length} laws: see the laws on the table.`));
  }
  return parts;
}

// Monies decide: the richest win (the returns say it too).
function lawsOutcome(model) {
  const monies = model.final ? model.final.map((m, seat) => (m === null ? model.monies[seat] : m)) : model.monies;
  const top = leaders(monies);
  return {
    headline: `${winnersLine(top, model.players)} with ${monies[top[0]]} monies`,
    columns: ['Position', 'Monies'],
    rows: monies.map((m, seat) => [positionWord(model.position[seat]), m]),
  };
}
