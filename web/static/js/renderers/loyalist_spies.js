// Loyalist Spies at the table: your ace and hand as cards (the cards a legal
// action names are buttons), the seats with their hand sizes, known aces and
// scores, and the round laid out: the flips of the turn, the mission with its
// terms, its face-down cards as backs until the reveal, the total and the
// result, and the round's roles at its end. Everything comes from
// spies_model.js, which reads the stream alone; the move buttons, the result
// and the log are generic.js's, so every legal action stays a button.
import { el } from '../dom.js';
import { stateFlags } from '../private_facts.js';
import { renderLog, renderResult, renderTurn, seatName } from './generic.js';
import { block, backs, cardActions, cardBack, cardFace, cardRow, fillIf, hasRegion,
         SUIT_SYMBOL, SUIT_WORD } from './cards.js';
import { leaders, winnersLine } from './outcome.js';
import { foldCache } from './fold.js';
import { addSpies, createSpies, notKept, parseCard, sortCards, spiesView } from './spies_model.js';

const spiesOf = foldCache(createSpies, addSpies);

export function render(state, act) {
  const model = spiesView(spiesOf(state));
  const flags = stateFlags(state);
  renderSeatBoxes(state, model, act);
  renderHandPanel(state, model, act);
  renderRound(state, model);
  const outcome = state.gameOver ? spiesOutcome(model) : null;
  if (hasRegion('actions')) renderTurn(state, act, { context: decisionContext(state, model), outcome });
  if (hasRegion('result')) renderResult(state, outcome);
  if (hasRegion('log')) renderLog(state, flags);
}

// What the decision at hand is about, above its buttons: the mission and
// its plays so far, the keep and why, a Jack's or Queen's choice.
function decisionContext(state, model) {
  if (!state.turn || !state.turn.to_act || !model.round) return null;
  const legal = state.turn.legal || [];
  const round = model.round;
  const turn = model.turn;
  if (legal.some(t => t.startsWith('keep '))) {
    return el('p', {}, `Keep 5 cards for the round: ${5 - round.kept.length} more to choose. `,
              'The cards you give up go to the deck. Click a card in your hand or press its button.');
  }
  if (turn && turn.mission && !turn.mission.revealed) return missionBlock(model, turn.mission);
  if (legal.some(t => t.startsWith('peek '))) {
    return el('p', {}, `Your Jack of ${SUIT_WORD[turn && turn.jack ? turn.jack.suit : 'S'] || ''}: look at a seat's ace.`);
  }
  if (legal.some(t => t.startsWith('discard '))) return el('p', {}, 'Discard a card from your hand.');
  return turn ? turnBlock(model, turn) : null;
}

// Victory points decide: the highest total wins.
function spiesOutcome(model) {
  const top = leaders(model.totals);
  const last = model.round;
  return {
    headline: `${winnersLine(top, model.players)} with ${model.totals[top[0]]} points`,
    columns: ['Last role', 'Points'],
    rows: model.totals.map((total, seat) => [last && last.roles[seat] ? roleWord(last.roles[seat].role) : '—', total]),
  };
}

const RANK_WORD = { T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };
const RANK_NAME = { T: '10', J: 'jack', Q: 'queen', K: 'king', A: 'ace' };

// One card of the game, face up; `action` (a legal text) makes it a button.
export function spiesCard(name, { act = null, action = null, marks = [] } = {}) {
  const card = parseCard(name);
  const button = action && act ? { text: action, act } : null;
  if (card.joker) {
    return cardFace({ corner: '★', center: 'Joker', label: name === 'Jk2' ? 'the second Joker' : 'a Joker',
                      action: button, marks: ['joker', ...marks] });
  }
  return cardFace({ corner: RANK_WORD[card.rank] || card.rank, center: SUIT_SYMBOL[card.suit], suits: [card.suit],
                    label: `${RANK_NAME[card.rank] || card.rank} of ${SUIT_WORD[card.suit]} (${name})`,
                    action: button, marks });
}

function cards(names, options = {}) {
  return names.map(name => spiesCard(name, options));
}

// The seats: name, hand size, the ace as far as it is known, score.
function renderSeatBoxes(state, model, act) {
  const round = model.round;
  const turn = model.turn;
  const peeks = {};
  if (state.turn && state.turn.to_act && !state.gameOver) {
    for (const text of state.turn.legal) if (/^peek P\d+$/.test(text)) peeks[Number(text.slice(6))] = text;
  }
  fillIf('seats', Array.from({ length: model.players }, (_, seat) => {
    const role = round && round.roles[seat];
    const size = round ? round.handSize[seat] : 0;
    const marks = ['seat-box', seat === model.you ? 'you' : '', turn && turn.determiner === seat && !round.ended
      ? 'determiner' : ''].filter(Boolean).join(' ');
    return el('li', { class: marks },
      el('div', { class: 'seat-name' }, seatName(state, seat), seat === model.you ? ' — you' : null),
      el('div', { class: 'seat-line' },
         turn && turn.determiner === seat && !round.ended ? el('span', { class: 'tag' }, 'determiner') : null,
         el('span', {}, `${size} card${size === 1 ? '' : 's'}`),
         el('span', {}, `score ${model.totals[seat]}`)),
      cardRow(backs(Math.min(size, 12), { label: 'a card in hand' }), { small: true, empty: 'no cards' }),
      el('div', { class: 'seat-line' }, aceOf(model, seat)),
      role ? el('div', { class: 'seat-line role role-' + role.role },
                `${roleWord(role.role)} +${role.points}`,
                role.jokers.length ? ` (holds ${role.jokers.join(' ')})` : '') : null,
      peeks[seat] ? el('button', { type: 'button', class: 'action small', onclick: () => act(peeks[seat]) },
                       peeks[seat]) : null);
  }));
}

function aceOf(model, seat) {
  const round = model.round;
  if (!round) return null;
  const ace = seat === model.you ? round.ace : round.knownAces[seat];
  if (ace) return [el('span', { class: 'muted' }, 'ace '), spiesCard(ace, { marks: ['tiny'] })];
  const ruledOut = round.notSuits[seat] || [];
  return el('span', { class: 'muted' }, 'ace unknown',
            ruledOut.length ? ` (not ${ruledOut.map(s => SUIT_SYMBOL[s]).join(' ')})` : '');
}

function roleWord(role) {
  return role === 'loyal' ? 'Loyal' : role === 'compromised' ? 'Compromised' : 'Traitor';
}

// Your ace, your hand (cards you may play are buttons), the cards of a keep5
// deal still to choose from, and what your Jacks and Queens showed you.
function renderHandPanel(state, model, act) {
  const panel = typeof document !== 'undefined' ? document.getElementById('hand-panel') : null;
  if (panel) panel.hidden = model.spectator;
  if (model.spectator) return;
  const round = model.round;
  if (!round) { fillIf('hand', el('li', { class: 'empty' }, 'nothing yet')); return; }
  const actions = cardActions(state, ['play', 'keep', 'discard']);
  const playable = name => ({ act, action: actions[name] || null });
  const parts = [];
  parts.push(el('div', { class: 'ace-line' },
    round.ace ? spiesCard(round.ace, { marks: ['ace'] }) : cardBack({ label: 'your ace, not dealt yet' }),
    el('p', {}, round.ace ? `Your secret suit: ${SUIT_WORD[parseCard(round.ace).suit]}`
                          : 'Your ace is not dealt yet')));
  parts.push(block('Your hand', cardRow(sortCards(round.hand).map(name => spiesCard(name, playable(name))),
                                        { empty: 'no cards', label: 'your hand' })));
  if (model.keep5 && round.dealt.length) {
    const open = sortCards(notKept(round));
    const choosing = round.kept.length < 5 && !round.turns.length;
    parts.push(block(choosing ? `Dealt to you: keep ${5 - round.kept.length} more` : 'Given up to the deck',
      cardRow(open.map(name => spiesCard(name, choosing ? playable(name) : { marks: ['given-up'] })),
              { empty: 'none', small: !choosing })));
  }
  const secrets = secretFacts(round);
  if (secrets.length) parts.push(block('What only you saw', el('ul', { class: 'secret-facts' }, secrets)));
  fillIf('hand', el('li', { class: 'hand-layout' }, parts));
}

function secretFacts(round) {
  const facts = [];
  for (const turn of round.turns) {
    if (turn.jack && turn.jack.seen) {
      facts.push(el('li', {}, `P${turn.jack.seen.seat}'s ace: `, spiesCard(turn.jack.seen.ace, { marks: ['tiny'] })));
    }
    const queen = turn.queen;
    if (queen && (queen.shown.length || queen.alreadyOnTop)) {
      facts.push(el('li', {}, 'Your Queen showed ',
        cardRow(cards(queen.alreadyOnTop ? queen.alreadyOnTop.concat(queen.shown) : queen.shown, { marks: ['tiny'] }),
                { small: true }),
        queen.order ? ['you put back, top first ', cardRow(cards(queen.order, { marks: ['tiny'] }), { small: true })]
                    : null));
    }
  }
  return facts;
}

// The round on the table: the turn's flips, its mission (or Jack, Queen),
// the round's missions so far and, at its end, the roles.
function renderRound(state, model) {
  const round = model.round;
  if (!round) { fillIf('table', el('li', { class: 'empty' }, 'nothing has happened yet')); return; }
  const parts = [el('p', { class: 'round-head' }, `Round ${round.number} · first determiner P${round.firstDeterminer}`,
                    round.jokersAside.length ? ` · Jokers set aside: ${round.jokersAside.length}` : '')];
  const turn = model.turn;
  if (!turn) parts.push(el('p', { class: 'muted' }, model.keep5 ? 'The deal and the keeps.' : 'The deal.'));
  else parts.push(turnBlock(model, turn));
  // While a new round is dealt, the last one's end stays on the table.
  const previous = model.rounds[model.rounds.length - 2];
  if (!turn && previous && previous.ended) parts.push(roleBlock(previous));
  if (round.ended) parts.push(roleBlock(round));
  const done = model.missions.filter(m => m.revealed && m !== (turn && turn.mission));
  if (done.length) parts.push(missionTable(done));
  fillIf('table', el('li', { class: 'round-layout' }, parts));
}

function turnBlock(model, turn) {
  const flips = cardRow(cards(turn.flips), { label: 'cards flipped this turn' });
  const body = [el('div', { class: 'flips' }, el('span', { class: 'muted' }, 'flips'), flips)];
  if (turn.mission) body.push(missionBlock(model, turn.mission));
  if (turn.jack && turn.jack.target !== null) {
    const jack = turn.jack;
    body.push(el('p', {}, `P${turn.determiner} looks at P${jack.target}'s ace: `,
                  jack.match ? `match — P${jack.target} is ${SUIT_WORD[jack.suit]}`
                             : `no match — P${jack.target} is not ${SUIT_WORD[jack.suit]}`));
  }
  if (turn.queen) {
    const queen = turn.queen;
    const count = queen.shown.length + queen.shownCount;
    body.push(el('p', {}, `P${turn.determiner}'s Queen looks at ${count} card${count === 1 ? '' : 's'} of the deck`,
                  queen.order || queen.reordered ? ' and puts them back' : ''));
  }
  return block(`P${turn.determiner}'s turn`, body);
}

// A mission: its card and terms, the deck's face-down cards and each seat's
// play as backs (your own card face up, marked), then the revealed set.
function missionBlock(model, mission) {
  const terms = el('p', { class: 'mission-terms' }, spiesCard(mission.card, { marks: ['mission-card'] }),
    el('span', {}, `Mission: ${SUIT_WORD[parseCard(mission.card).suit]}, covert value ${shown(mission.covert)}, `,
       `VP ${shown(mission.vp)}`, mission.kings ? ` (${mission.kings} King${mission.kings > 1 ? 's' : ''})` : ''));
  const slots = backs(mission.faceDown, { label: 'a deck card, face down', text: 'deck' });
  for (const play of mission.plays) {
    if (play.none) slots.push(el('span', { class: 'no-play' }, `P${play.seat}: nothing`));
    else if (play.card) slots.push(spiesCard(play.card, { marks: ['mine'] }));
    else slots.push(cardBack({ label: `P${play.seat}'s card, face down`, text: `P${play.seat}` }));
  }
  const parts = [terms, el('div', { class: 'mission-slots' }, cardRow(slots, { label: 'the mission, face down' }))];
  if (mission.revealed) {
    parts.push(el('div', { class: 'reveal' }, cardRow(cards(mission.revealed), { label: 'the revealed cards' })));
    parts.push(resultLine(mission));
  }
  return el('div', { class: 'mission' }, parts);
}

// A number the server's notes gave, or "?" without them (web/message_json.h).
function shown(value) {
  return value === null ? '?' : String(value);
}

// A mission's result; the verdict is the server's (its note on the reveal).
function resultWord(mission) {
  if (mission.failed === null) return 'unknown';
  return mission.failed ? 'failed' : 'succeeded';
}

function resultLine(mission) {
  const word = resultWord(mission);
  const compare = word === 'unknown' ? ',' : mission.failed ? ' >' : ' ≤';
  return el('p', { class: 'mission-result ' + word },
            `Total ${mission.total}${compare} ${shown(mission.covert)}: the mission ${word}`);
}

function missionTable(missions) {
  const rows = missions.map(m => el('tr', {},
    el('td', {}, spiesCard(m.card, { marks: ['tiny'] })),
    el('td', { class: 'number' }, shown(m.covert)), el('td', { class: 'number' }, shown(m.vp)),
    el('td', { class: 'number' }, String(m.total)),
    el('td', { class: resultWord(m) }, resultWord(m))));
  return block('Missions this round', el('table', { class: 'missions' },
    el('thead', {}, el('tr', {}, ['Mission', 'Covert', 'VP', 'Total', 'Result'].map(h => el('th', {}, h)))),
    el('tbody', {}, rows)));
}

function roleBlock(round) {
  const rows = round.roles.map((role, seat) => role && el('tr', {},
    el('td', {}, `P${seat}`), el('td', {}, spiesCard(role.ace, { marks: ['tiny'] })),
    el('td', { class: 'role-' + role.role }, roleWord(role.role),
       role.jokers.length ? ` (${role.jokers.join(' ')})` : ''),
    el('td', { class: 'number' }, `+${role.points}`)));
  return block(`Round ${round.number} ends`, el('table', { class: 'roles' },
    el('thead', {}, el('tr', {}, ['Seat', 'Ace', 'Role', 'Points'].map(h => el('th', {}, h)))),
    el('tbody', {}, rows.filter(Boolean))));
}
