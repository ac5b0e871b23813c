// Adulting at the table: your monies and hand as cards (a card you may score
// carries a button per column it may go to, and one for its effect), each
// seat's monies, hand and mantle with its score, and the round laid out: the
// deck's top back, the drawn card and its job, the work and legal steps, the
// claims with their votes, and the auction (sealed bids as backs, then the
// bids, the winner and the price). Everything comes from adulting_model.js,
// which reads the stream alone; the move buttons, the result and the log are
// generic.js's, so every legal action stays a button.
import { el } from '../dom.js';
import { stateFlags } from '../private_facts.js';
import { renderLog, renderResult, renderTurn, seatName } from './generic.js';
import { backs, block, cardBack, cardFace, cardRow, fillIf, hasRegion,
         SUIT_SYMBOL, SUIT_WORD } from './cards.js';
import { addAdulting, adultingView, COLUMNS, createAdulting, handActions, parseBack } from './adulting_model.js';
import { foldCache } from './fold.js';
import { leaders, winnersLine } from './outcome.js';

const RECENT_STEPS = 10;  // the round's work and legal steps shown on the table; the log has them all
const RECENT_TAKEN = 6;   // the last cards won, newest first
// Steps where nothing happened: the log keeps them, the table leaves them out.
const QUIET = new Set(['does_not_watch', 'no_suit', 'no_impeach', 'stays_quiet', 'no_appeal']);

const adultingOf = foldCache(createAdulting, addAdulting);

export function render(state, act) {
  const model = adultingView(adultingOf(state));
  const flags = stateFlags(state);
  renderSeatBoxes(state, model);
  renderHandPanel(state, model, act, flags);
  renderRound(state, model, flags);
  const outcome = state.gameOver ? adultingOutcome(model) : null;
  if (hasRegion('actions')) renderTurn(state, act, { context: decisionContext(state, model), outcome });
  if (hasRegion('result')) renderResult(state, outcome);
  if (hasRegion('log')) renderLog(state, flags);
}

// What the decision at hand is about, above its buttons: the claim being
// voted on and the card at stake, the auction's card, the drawn card.
function decisionContext(state, model) {
  if (!state.turn || !state.turn.to_act) return null;
  const round = model.round;
  if (!round) return null;
  const legal = state.turn.legal || [];
  const card = round.card ? adultingCard(model, round.card, { marks: ['tiny'] }) : null;
  const open = round.claims.find(c => c.claim === 'adult' && !c.result);
  if (open && open.seat !== model.you && legal.some(t => /^vote|^up|^down/.test(t))) {
    const votes = open.votes.map(v => `P${v.seat} ${v.up ? 'up' : 'down'}`).join(', ');
    return el('div', { class: 'flips' }, el('span', {}, `P${open.seat} claims to be an adult`),
              card ? [el('span', {}, 'for'), card] : null, el('span', { class: 'muted' }, votes ? `votes: ${votes}` : ''));
  }
  const parts = [el('span', {}, `Round ${round.number} · P${round.dealer} deals`)];
  if (card) parts.push(el('span', {}, '· the card'), card, round.job ? el('span', {}, `job: ${round.job}`) : null);
  if (round.truth) parts.push(el('span', { class: 'muted' }, `· your truth: ${round.truth}`));
  if (round.qualified.length) parts.push(el('span', {}, `· bidders ${round.qualified.map(s => 'P' + s).join(' ')}`));
  return el('div', { class: 'flips' }, parts);
}

// Mantle points decide (the end's figures once the stream gives them).
function adultingOutcome(model) {
  const points = model.ended && model.ended.points.length ? model.ended.points : model.scores;
  const top = leaders(points);
  return {
    headline: `${winnersLine(top, model.players)} with ${points[top[0]]} points`,
    columns: ['Monies', 'Points'],
    rows: points.map((p, seat) => [moniesText(model, seat), p]),
  };
}

// A card of the deck, face up: its suits in the corner, its name, its effect.
export function adultingCard(model, name, { marks = [] } = {}) {
  const back = parseBack(model.backs[name]);
  const effect = back.effect ? back.effect.replace(/(\D)(\d)/, '$1 $2') : '';
  const suitWords = back.suits.map(s => SUIT_WORD[s]).join(' and ');
  return cardFace({ corner: back.suits.map(s => SUIT_SYMBOL[s]).join(''), center: name, foot: effect,
                    suits: back.suits,
                    marks: ['adulting', name.length > 3 ? 'long-name' : '', ...marks].filter(Boolean),
                    label: `${name}: ${suitWords || 'back unknown'}${effect ? ', ' + effect : ''}` });
}

// The back of the deck's top card: its suits and effect show.
function topBackCard(backName) {
  const back = parseBack(backName);
  return cardBack({ label: `the top card's back: ${back.suits.map(s => SUIT_WORD[s]).join(' and ')}` +
                           (back.effect ? `, ${back.effect}` : ''),
                    text: back.suits.map(s => SUIT_SYMBOL[s]).join('') + (back.effect ? ' ' + back.effect : ''),
                    suits: back.suits.slice(0, 1) });
}

function moniesText(model, seat) {
  const open = model.unseenExtras[seat];
  return open > 0 ? `${model.monies[seat]}+?` : String(model.monies[seat]);
}

function moniesTitle(model, seat) {
  const open = model.unseenExtras[seat];
  return open > 0 ? `P${seat} took ${open} extra${open > 1 ? 's' : ''} from the bank you did not see (0 to 2 each)`
                  : null;
}

// A seat: monies, hand (known cards face up, unseen ones as backs), mantle.
function renderSeatBoxes(state, model) {
  const round = model.round;
  fillIf('seats', Array.from({ length: model.players }, (_, seat) => {
    const hand = model.hands[seat];
    const marks = ['seat-box', seat === model.you ? 'you' : '', round && round.dealer === seat ? 'dealer' : '']
      .filter(Boolean).join(' ');
    return el('li', { class: marks },
      el('div', { class: 'seat-name' }, seatName(state, seat), seat === model.you ? ' — you' : null),
      el('div', { class: 'seat-line' },
         round && round.dealer === seat ? el('span', { class: 'tag' }, 'dealer') : null,
         el('span', { class: 'monies', title: moniesTitle(model, seat) }, `${moniesText(model, seat)} monies`),
         el('span', {}, `score ${model.scores[seat]}`),
         claimTag(round, seat)),
      cardRow(hand.cards.map(name => adultingCard(model, name, { marks: ['tiny'] }))
                .concat(backs(hand.hidden, { label: 'a card you have not seen' })),
              { small: true, empty: 'no cards', label: `P${seat}'s hand` }),
      hand.lost > 0 ? el('div', { class: 'seat-line muted' }, `${hand.lost} of these taken by a Steal, unseen`) : null,
      mantleGrid(model, seat));
  }));
}

function claimTag(round, seat) {
  if (!round) return null;
  const claim = round.claims.find(c => c.seat === seat);
  if (!claim) return null;
  const text = claim.claim === 'child' ? 'child' : claim.result ? `adult: ${claim.result}` : 'claims adult';
  return el('span', { class: claim.result === 'stands' ? 'tag' : 'tag quiet' }, text);
}

function mantleGrid(model, seat) {
  return el('div', { class: 'mantle', role: 'group', 'aria-label': `P${seat}'s mantle` },
    COLUMNS.map(column => el('div', { class: 'mantle-column ' + column },
      el('span', { class: 'column-head', title: SUIT_WORD[column] }, SUIT_SYMBOL[column]),
      model.mantles[seat][column].map(name => adultingCard(model, name, { marks: ['tiny'] })))));
}

// Your monies and hand; the cards you may score carry their choices.
function renderHandPanel(state, model, act, flags) {
  const panel = typeof document !== 'undefined' ? document.getElementById('hand-panel') : null;
  if (panel) panel.hidden = model.spectator;
  if (model.spectator) return;
  const you = model.you;
  const actions = handActions(state);
  const hand = model.hands[you].cards.map(name => {
    const choices = actions[name] || [];
    if (!choices.length) return adultingCard(model, name);
    return el('div', { class: 'card-actions' }, adultingCard(model, name, { marks: ['mine'] }),
      el('div', { class: 'choices' }, choices.map(choice => el('button', {
        type: 'button', class: 'action', title: choice.text, 'aria-label': choice.text,
        onclick: () => act(choice.text) }, choice.column ? SUIT_SYMBOL[choice.column] : 'effect'))));
  });
  const round = model.round;
  const secrets = round ? state.stream.slice(round.startsAt).filter((_, i) => flags[round.startsAt + i]) : [];
  fillIf('hand', el('li', { class: 'hand-layout' },
    el('p', { class: 'monies' }, `Your monies: ${model.monies[you]}`),
    block('Your hand', cardRow(hand, { empty: 'no cards', label: 'your hand' })),
    secrets.length ? block('This round, only you know', el('ul', { class: 'secret-facts' },
      secrets.map(entry => el('li', {}, entry.text)))) : null));
}

// The round: deck, drawn card and job, scoring plays, steps, claims, auction.
function renderRound(state, model, flags) {
  const round = model.round;
  const parts = [];
  const deck = [el('span', { class: 'muted' }, 'deck top')];
  deck.push(model.topBack ? topBackCard(model.topBack) : el('span', { class: 'empty' }, 'none'));
  parts.push(el('div', { class: 'flips' }, deck,
    el('span', {}, `${model.drawn} drawn · spades scored ${model.spades} of 3`)));
  if (!round) {
    const waiting = el('p', { class: 'muted' }, 'The first round is about to begin.');
    fillIf('table', el('li', { class: 'round-layout' }, parts, waiting));
    return;
  }
  parts.unshift(el('p', { class: 'round-head' }, `Round ${round.number} · dealer P${round.dealer}`));
  if (round.plays.length) parts.push(scoringBlock(model, round));
  if (round.card) {
    parts.push(el('div', { class: 'flips' }, el('span', { class: 'muted' }, `P${round.dealer} drew`),
      adultingCard(model, round.card), round.job ? el('span', {}, `job: ${round.job}`) : null));
  }
  // The sorting and the auction first: they are where the round is going;
  // the work and legal steps that led there follow.
  if (round.claims.length) parts.push(claimsBlock(round));
  const auction = auctionBlock(model, round);
  if (auction) parts.push(auction);
  if (round.events.some(event => !QUIET.has(event.json.kind))) parts.push(stepsBlock(round, flags));
  if (model.ended) parts.push(endBlock(model));
  if (model.taken.length) parts.push(takenBlock(model));
  fillIf('table', el('li', { class: 'round-layout' }, parts));
}

function scoringBlock(model, round) {
  return block('Scoring', el('ul', { class: 'work' }, round.plays.map(play => el('li', {},
    play.pass ? `P${play.seat} passes` : [
      `P${play.seat} ${play.effect ? 'plays for its effect' : 'scores'} `,
      adultingCard(model, play.card, { marks: ['tiny'] }),
      play.column ? ` in ${SUIT_WORD[play.column]}` : '']))));
}

function stepsBlock(round, flags) {
  const shown = round.events.filter(event => !QUIET.has(event.json.kind));
  const recent = shown.slice(-RECENT_STEPS);
  const skipped = shown.length - recent.length;
  return block('This round', el('ul', { class: 'work' },
    skipped > 0 ? el('li', { class: 'muted' }, `… ${skipped} earlier step${skipped > 1 ? 's' : ''} in the log`)
                : null,
    recent.map(event => el('li', { class: flags[event.index] ? 'private' : null }, event.text))));
}

function claimsBlock(round) {
  const rows = round.claims.map(claim => {
    const up = claim.votes.filter(v => v.up).map(v => `P${v.seat}`);
    const down = claim.votes.filter(v => !v.up).map(v => `P${v.seat}`);
    return el('tr', {}, el('td', {}, `P${claim.seat}`), el('td', {}, claim.claim),
      el('td', {}, claim.claim === 'adult' ? `up ${up.join(' ') || '—'} · down ${down.join(' ') || '—'}` : ''),
      el('td', { class: claim.result === 'stands' ? 'succeeded' : claim.result === 'falls' ? 'failed' : '' },
         claim.claim === 'adult' ? (claim.result || 'voting') : ''));
  });
  const truth = round.truth ? el('p', { class: 'muted' }, `Your truth: ${round.truth}`) : null;
  return el('div', { class: 'claims' }, el('h3', {}, 'Claims and votes'), truth,
    el('table', {}, el('thead', {}, el('tr', {}, ['Seat', 'Claims', 'Votes', 'Result'].map(h => el('th', {}, h)))),
       el('tbody', {}, rows)));
}

// The auction: a sealed bid is a back until the bids are shown together.
function auctionBlock(model, round) {
  const auction = round.auction;
  if (auction.noTaker) {
    return el('div', { class: 'auction' }, el('h3', {}, 'Auction'), 'Nobody qualified: ',
              round.card ? adultingCard(model, round.card, { marks: ['tiny'] }) : null, ' is discarded.');
  }
  const bidders = round.qualified.length ? round.qualified : auction.committed;
  if (!bidders.length && !auction.shown.length && !auction.winner) return null;
  const bids = auction.shown.length
    ? auction.shown.map(bid => {
      const top = auction.winner && auction.winner.seat === bid.seat;
      return el('span', { class: top ? 'bid winner' : 'bid' }, `P${bid.seat}: ${bid.bid}`);
    })
    : bidders.map(seat => el('span', { class: 'bid' }, `P${seat} `, sealedBid(model, auction, seat)));
  const parts = [el('h3', {}, 'Auction'), el('div', { class: 'bids' }, bids)];
  if (auction.winner) {
    parts.push(el('p', { class: 'mission-result succeeded' }, `P${auction.winner.seat} takes `,
      round.card ? adultingCard(model, round.card, { marks: ['tiny'] }) : null, ` for ${auction.winner.price}`));
  }
  for (const refund of auction.refunds) parts.push(el('p', {}, `P${refund.seat} is refunded ${refund.amount} (a tie)`));
  return el('div', { class: 'auction' }, parts);
}

// A bid before the bids are shown: yours, a back for one committed, or a
// wait for one still to come.
function sealedBid(model, auction, seat) {
  if (seat === model.you && auction.yourBid !== null) return `(you: ${auction.yourBid})`;
  if (auction.committed.includes(seat)) return cardBack({ label: `P${seat}'s sealed bid` });
  return el('span', { class: 'muted' }, 'to bid');
}

function endBlock(model) {
  const rows = model.ended.points.map((points, seat) => el('tr', {}, el('td', {}, `P${seat}`),
    el('td', { class: 'number' }, String(points))));
  return block(`Game over: ${model.ended.reason}`, el('table', {},
    el('thead', {}, el('tr', {}, el('th', {}, 'Seat'), el('th', {}, 'Points'))), el('tbody', {}, rows)));
}

function takenBlock(model) {
  const recent = model.taken.slice(-RECENT_TAKEN).reverse();
  const older = model.taken.length - recent.length;
  return block('Cards taken', el('ul', { class: 'work' }, recent.map(t => el('li', {},
    `round ${t.round}: P${t.seat} took `, adultingCard(model, t.card, { marks: ['tiny'] }), ` for ${t.price}`)),
    older > 0 ? el('li', { class: 'muted' }, `… ${older} more in the log`) : null));
}
