// Spoon Nomic at the table: each seat's points, its cards as the backs the
// Dealer's Report shows (red, blue, fish, corporate; yours face up), its
// vote on the proposal; the nweek, the proposal's change for every seat, the
// votes and the count, the earlier proposals; at the end every hand with its
// bonus. A vote shows the proposal and the votes so far above its buttons.
// From spoon_model.js (the stream alone); buttons, result and log are generic.js's.
import { el } from '../dom.js';
import { stateFlags } from '../private_facts.js';
import { specParams } from '../table_state.js';
import { renderLog, renderResult, renderTurn, seatName } from './generic.js';
import { block, cardBack, cardRow, fillIf, hasRegion, playingCard } from './cards.js';
import { foldCache } from './fold.js';
import { leaders, signed, winnersLine } from './outcome.js';
import { addSpoon, createSpoon, finalScores, handBonus, handName } from './spoon_model.js';

const spoonOf = foldCache(createSpoon, addSpoon);

export function render(state, act) {
  const model = spoonOf(state);
  renderSeatBoxes(state, model);
  renderHandPanel(model);
  renderTable(state, model);
  const outcome = state.gameOver ? spoonOutcome(model) : null;
  if (hasRegion('actions')) renderTurn(state, act, { context: decisionContext(state, model), outcome });
  if (hasRegion('result')) renderResult(state, outcome);
  if (hasRegion('log')) renderLog(state, stateFlags(state));
}

function packBack(back) {
  return cardBack({ label: `a ${back} card`, marks: ['pack-' + back] });
}

function voteOf(model, seat) {
  const vote = model.proposal ? model.proposal.votes.find(v => v.seat === seat) : null;
  return vote ? vote.vote : null;
}

function renderSeatBoxes(state, model) {
  fillIf('seats', Array.from({ length: model.players }, (_, seat) => {
    const shown = model.shown[seat];
    const vote = voteOf(model, seat);
    const change = model.proposal ? model.proposal.change[seat] : null;
    const cards = shown ? shown.map(c => playingCard(c, { marks: ['tiny'] }))
      : seat === model.you ? model.hand.map(c => playingCard(c, { marks: ['tiny'] }))
        : model.backs[seat].map(packBack);
    return el('li', { class: ['seat-box', seat === model.you ? 'you' : ''].filter(Boolean).join(' ') },
      el('div', { class: 'seat-name' }, seatName(state, seat), seat === model.you ? ' — you' : null),
      el('div', { class: 'seat-line' }, el('span', { class: 'monies' }, `${model.points[seat]} points`),
         change !== null && change !== undefined ? el('span', {}, `proposal ${signed(change)}`) : null,
         vote ? el('span', { class: vote === 'yes' ? 'tag' : 'tag quiet' }, vote) : null),
      cardRow(cards, { small: true, empty: 'no cards', label: `P${seat}'s cards` }),
      shown ? el('div', { class: 'seat-line' }, `${handName(handBonus(shown))}: +${handBonus(shown)}`) : null);
  }));
}

function renderHandPanel(model) {
  const panel = typeof document !== 'undefined' ? document.getElementById('hand-panel') : null;
  if (panel) panel.hidden = model.spectator;
  if (model.spectator) return;
  const bonus = handBonus(model.hand);
  fillIf('hand', el('li', { class: 'hand-layout' },
    el('p', { class: 'monies' }, `Your points: ${model.points[model.you]}`),
    block(`Your cards (${model.hand.length})`, cardRow(model.hand.map(c => playingCard(c)), { empty: 'no cards yet' })),
    el('p', {}, `Best hand so far: ${handName(bonus)} (+${bonus} at the end)`)));
}

function proposalTable(model, proposal) {
  return el('table', {}, el('thead', {}, el('tr', {}, ['Seat', 'Change', 'Vote'].map(h => el('th', {}, h)))),
    el('tbody', {}, proposal.change.map((change, seat) => {
      const vote = proposal.votes.find(v => v.seat === seat);
      return el('tr', {}, el('td', {}, `P${seat}${seat === model.you ? ' (you)' : ''}`),
        el('td', { class: 'number' }, change === null ? '…' : signed(change)),
        el('td', {}, vote ? vote.vote : '—'));
    })));
}

function resultLine(proposal) {
  if (!proposal.result) return null;
  const { passed, yes, no } = proposal.result;
  return el('p', { class: `mission-result ${passed ? 'succeeded' : 'failed'}` },
    `The proposal ${passed ? 'passes' : 'fails'} ${yes} to ${no}`);
}

function renderTable(state, model) {
  const nweeks = specParams(state.welcome ? state.welcome.game : '').nweeks;
  const parts = [el('p', { class: 'round-head' }, `Nweek ${model.nweek}${nweeks ? ' of ' + nweeks : ''}`,
    model.rerolls ? ` · the Dealer rolled again ${model.rerolls} time${model.rerolls > 1 ? 's' : ''}` : '')];
  if (model.proposal) {
    parts.push(el('div', { class: 'mission' }, el('h3', {}, `The proposal of nweek ${model.proposal.nweek}`),
                  proposalTable(model, model.proposal), resultLine(model.proposal)));
  }
  if (model.earlier.length) {
    parts.push(block('Earlier proposals', el('ul', { class: 'work' }, [...model.earlier].reverse().map(p => el('li', {},
      `Nweek ${p.nweek}: ${p.change.map((c, s) => `P${s} ${signed(c || 0)}`).join(', ')} — ` +
      `${p.result.passed ? 'passed' : 'failed'} ${p.result.yes} to ${p.result.no}`)))));
  }
  fillIf('table', el('li', { class: 'round-layout' }, parts));
}

function decisionContext(state, model) {
  if (!state.turn || !state.turn.to_act || !model.proposal) return null;
  const proposal = model.proposal;
  const you = model.you;
  const others = proposal.change.map((c, s) => (s === you ? null : `P${s} ${signed(c || 0)}`)).filter(Boolean);
  const votes = proposal.votes.map(v => `P${v.seat} ${v.vote}`);
  return [
    el('p', {}, el('strong', {}, `Nweek ${proposal.nweek}: the proposal gives you ${signed(proposal.change[you] || 0)}`),
       `; ${others.join(', ')}.`),
    el('p', {}, votes.length ? `Votes so far: ${votes.join(', ')}.` : 'You vote first.',
       ' It passes on more yes than no; a yes or no earns you a card next nweek.'),
  ];
}

function spoonOutcome(model) {
  const scores = finalScores(model);
  const top = leaders(scores.map(s => s.score));
  const best = scores[top[0]];
  return {
    headline: `${winnersLine(top, model.players)} with ${best.score} (${best.points} points + ${best.bonus} bonus)`,
    columns: ['Points', 'Hand', 'Bonus', 'Score'],
    rows: scores.map((s, seat) => [s.points, model.shown[seat] ? handName(s.bonus) : '—', s.bonus, s.score]),
  };
}
