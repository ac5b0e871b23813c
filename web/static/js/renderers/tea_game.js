// The Tea Game at the table: each seat's exemptions (a loss exemption
// through game g, the joker exemption, a birthday), its part in the game
// under way (dealing, an announced delay, withdrawn, its order and the cards
// it drew) and its tally (teas made, drinks made and received, pence paid);
// your delay; the day and game, the biscuit fund, the games so far and a
// deathmatch. A decision shows what it is about above its buttons. From
// tea_model.js (the stream alone); the buttons, result and log are generic.js's.
import { el } from '../dom.js';
import { stateFlags } from '../private_facts.js';
import { renderLog, renderResult, renderTurn, seatName } from './generic.js';
import { block, cardRow, fillIf, hasRegion, playingCard } from './cards.js';
import { foldCache } from './fold.js';
import { leaders, signed } from './outcome.js';
import { addTea, createTea, drinksOrdered, isExempt } from './tea_model.js';

const teaOf = foldCache(createTea, addTea);

export function render(state, act) {
  const model = teaOf(state);
  renderSeatBoxes(state, model);
  renderHandPanel(model);
  renderTable(model);
  const outcome = state.gameOver ? teaOutcome(state, model) : null;
  if (hasRegion('actions')) renderTurn(state, act, { context: decisionContext(state, model), outcome });
  if (hasRegion('result')) renderResult(state, outcome);
  if (hasRegion('log')) renderLog(state, stateFlags(state));
}

function tags(model, seat) {
  const game = model.current;
  const list = [];
  if (game && game.loser === seat) list.push(['makes the tea', 'tag']);
  if (model.birthday[seat]) list.push(['birthday', 'tag']);
  if (isExempt(model, seat)) list.push([`exempt to game ${model.exemptThrough[seat]}`, 'tag quiet']);
  if (model.jokerExempt[seat]) list.push(['joker-exempt today', 'tag quiet']);
  if (game && game.dealers.includes(seat)) list.push(['deals', 'tag quiet']);
  if (game && game.announced.includes(seat)) list.push(['announced a delay', 'tag quiet']);
  if (game && game.withdrawn.includes(seat)) list.push(['withdrew', 'tag quiet']);
  return list.map(([text, cls]) => el('span', { class: cls }, text));
}

function renderSeatBoxes(state, model) {
  const game = model.current;
  fillIf('seats', Array.from({ length: model.players }, (_, seat) => {
    const tally = model.tally[seat];
    const order = game ? game.orders[seat] : undefined;
    const drawn = game ? game.draws[seat] || [] : [];
    return el('li', { class: ['seat-box', seat === model.you ? 'you' : '',
                              game && game.loser === seat ? 'dealer' : ''].filter(Boolean).join(' ') },
      el('div', { class: 'seat-name' }, seatName(state, seat), seat === model.you ? ' — you' : null),
      el('div', { class: 'seat-line' }, tags(model, seat)),
      el('div', { class: 'seat-line' }, order ? `orders ${order} drink${order > 1 ? 's' : ''}` : null),
      drawn.length ? cardRow(drawn.map(card => playingCard(card, { marks: ['tiny'] })), { small: true }) : null,
      el('div', { class: 'seat-line muted' },
         `${tally.teas} tea${tally.teas === 1 ? '' : 's'} made · ${tally.received} drinks had · ${tally.pence}p`));
  }));
}

function renderHandPanel(model) {
  const panel = typeof document !== 'undefined' ? document.getElementById('hand-panel') : null;
  if (panel) panel.hidden = model.spectator;
  if (model.spectator) return;
  const you = model.you;
  const delay = model.delayed === null ? 'Not told yet whether you are delayed this game'
    : model.delayed ? 'You are delayed this game: you cannot start the tea within 10 minutes'
      : 'You are on time this game';
  fillIf('hand', el('li', { class: 'hand-layout' },
    el('p', { class: 'monies' }, delay),
    el('p', {}, isExempt(model, you) ? `Your exemption holds through game ${model.exemptThrough[you]}.`
      : 'You hold no loss exemption.', model.jokerExempt[you] ? ' Joker-exempt for the rest of the day.' : '',
       model.birthday[you] ? ' It is your birthday: exempt all day.' : '')));
}

function renderTable(model) {
  const game = model.current;
  const parts = [el('p', { class: 'round-head' },
    game ? `Day ${game.day} · game ${game.game}` : 'The office is about to start',
    ` · biscuit fund ${model.fund}p`, game && game.reversed ? ' · reversed: the highest hand loses' : '')];
  if (game) {
    const ordered = drinksOrdered(game);
    const notes = [];
    if (ordered) notes.push(`${ordered} drinks ordered`);
    if (game.ties.length) notes.push(`tied and redrawing: ${game.ties.map(s => 'P' + s).join(' ')}`);
    if (game.oddOneOut !== null) notes.push(`P${game.oddOneOut} is the odd one out`);
    if (game.lot !== null) notes.push(`the lot falls on P${game.lot}`);
    if (game.forfeit !== null) notes.push(`P${game.forfeit} hid a delay: no exemption`);
    if (game.loser !== null) notes.push(`P${game.loser} makes the tea: ${game.drinks} drinks`);
    if (game.nobody) notes.push('nobody could lose: no tea');
    if (game.notPlayed) notes.push('too few players: the game is not played');
    if (notes.length) parts.push(el('div', { class: 'mission' }, notes.map(n => el('p', {}, n))));
  }
  if (model.deathmatch) parts.push(deathmatchBlock(model.deathmatch));
  if (model.games.length) {
    parts.push(block('Games so far', el('ul', { class: 'work' },
      [...model.games].reverse().map(g => el('li', {}, `Day ${g.day} game ${g.game}: ${g.note}`)))));
  }
  fillIf('table', el('li', { class: 'round-layout' }, parts));
}

function deathmatchBlock(match) {
  return el('div', { class: 'auction' }, el('h3', {}, `Biscuit deathmatch (fund ${match.fund}p)`),
    cardRow(match.draws.slice(-8).map(d => el('span', { class: 'bid' }, `P${d.seat} `,
      playingCard(d.card, { marks: ['tiny'] })))),
    match.out.length ? el('p', {}, `out: ${match.out.map(s => 'P' + s).join(' ')}`) : null,
    match.loser ? el('p', { class: 'mission-result' }, `P${match.loser.seat} takes ${match.loser.taken}p and buys biscuits`)
      : null);
}

// What the decision at hand is about.
function decisionContext(state, model) {
  if (!state.turn || !state.turn.to_act) return null;
  const legal = state.turn.legal || [];
  const game = model.current;
  const you = model.you;
  const has = verb => legal.some(t => t.startsWith(verb));
  const lines = [];
  if (has('spend')) {
    lines.push(`You hold an exemption through game ${model.exemptThrough[you]} (this is game ${model.game}).`,
               'spend: deal, sit out and still get your drinks; play: keep it and draw one card fewer.');
  } else if (has('announce')) {
    lines.push('You are delayed. announce: the others may withdraw; hide: if you then lose, ' +
               'the delay shows and you get no exemption.');
  } else if (has('on time')) {
    lines.push('You are on time: nothing to announce.');
  } else if (has('withdraw')) {
    const who = game ? game.announced.map(s => 'P' + s).join(', ') : 'someone';
    lines.push(`${who} announced a delay. withdraw: no drink, no draw; stay: play on.`);
  } else if (has('drinks')) {
    const others = game ? Object.entries(game.orders).map(([s, n]) => `P${s} ${n}`) : [];
    const fewer = isExempt(model, you) && !(game && game.dealers.includes(you));
    lines.push(`Order 1 to 3 drinks: you draw as many cards${fewer ? ', one fewer with your exemption' : ''}` +
               `; the lowest hand makes every drink${game && game.reversed ? ' (reversed: the highest)' : ''}.`);
    lines.push(others.length ? `Ordered so far: ${others.join(', ')}.` : 'Nobody has ordered yet.');
  }
  return lines.map(line => el('p', {}, line));
}

// The returns weigh drinks had against drinks made and pence paid; the
// table reads them in drinks and pence.
function teaOutcome(state, model) {
  const returns = state.gameOver.returns;
  const top = leaders(returns);
  const best = top.map(s => 'P' + s).join(' and ');
  const t = model.tally[top[0]];
  return {
    headline: `${best} ${top.length > 1 ? 'come' : 'comes'} out best (${signed(returns[top[0]])}): ` +
              `${t.received} drinks had, ${t.made} made, ${t.pence}p paid`,
    columns: ['Teas made', 'Drinks made', 'Drinks had', 'Pence paid'],
    rows: model.tally.map(x => [x.teas, x.made, x.received, x.pence]),
  };
}
