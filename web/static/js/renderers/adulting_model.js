// What an Adulting table shows, worked out from one stream alone (a seat's,
// or the public one for a spectator): monies as far as this stream knows
// them, every hand (cards taken in view of all; a stolen card unseen), the
// mantles and their scores, and the round laid out: the drawn card, the
// claims and their votes, the auction. Pure: no DOM, so node tests it
// (tests/web/js/renderer_models_test.mjs) and adulting.js only draws it.
//
// The observation kinds and their JSON fields are those of
// env/games/adulting/stream.cc (docs/rules/adulting.md). Nothing here reads
// anything but the state's messages: a card's back is known because the
// stream showed it on top of the deck ("top card H/C-back") before the dealer
// drew it ("P1 draws HC1"); a committed bid stays unknown until the bids are
// shown; an extra taken from the bank unseen leaves that seat's monies open.
import { specParams } from '../table_state.js';

export const COLUMNS = ['H', 'C', 'D'];  // the mantle's hearts, clubs and diamonds columns
const COLUMN_OF_KIND = { score_hearts: 'H', score_clubs: 'C', score_diamonds: 'D' };
const JOB_OF_KIND = { eliminated: 'category', measured: 'rank', measured_to: 'rank', declares: 'rank',
                      payout: 'payout', quality: 'challenge', ranks: 'challenge' };
// The kinds the table lays out itself; the round's other steps (the work
// phase, the legal system, Peek and Steal) are listed as they came.
const LAID_OUT = new Set(['round', 'top_back', 'draws', 'income', 'score_hearts', 'score_clubs', 'score_diamonds',
  'discards', 'passes', 'truth_adult', 'truth_child', 'truth_to', 'claim_adult', 'claim_child', 'vote_up',
  'vote_down', 'stands', 'falls', 'you_bid', 'commits', 'bid_shown', 'wins', 'refund', 'no_taker', 'end_spade',
  'end_deck', 'points']);

// "H/C+peek-back" -> {suits: ['H', 'C'], effect: 'peek'}; "D+tax1-back" ->
// {suits: ['D'], effect: 'tax1'}; "S-back" -> {suits: ['S'], effect: null}.
export function parseBack(name) {
  const body = String(name || '').replace(/-back$/, '');
  const [suitPart, effect] = body.split('+');
  return { name, suits: suitPart ? suitPart.split('/') : [], effect: effect || null };
}

// A mantle's score: the square of each column's size, plus 7 per complete row.
export function mantleScore(mantle) {
  const sizes = COLUMNS.map(c => mantle[c].length);
  return sizes.reduce((sum, n) => sum + n * n, 0) + 7 * Math.min(...sizes);
}

function newRound(number, dealer, startsAt) {
  return {
    number, dealer, startsAt,   // startsAt: the stream index of its "round" entry
    card: null, back: null,     // the card the dealer drew, and its back
    job: null,                  // category, rank, payout or challenge, once its work shows it
    plays: [],                  // the scoring phase: {seat, card, column} | {seat, card, effect} | {seat, pass}
    events: [],                 // the round's other steps, as {json, text, index in the stream}
    truth: null,                // your truth (a seat's model only)
    claims: [],                 // {seat, claim: 'adult'|'child', votes: [{seat, up}], result: 'stands'|'falls'|null}
    auction: { committed: [], yourBid: null, shown: [], winner: null, refunds: [], noTaker: false },
  };
}

// The model of `state` (table_state.js): its stream and welcome, folded at
// once. adulting.js keeps the fold between draws instead (fold.js):
// createAdulting, then addAdulting per new entry, then adultingView.
export function adultingModel(state) {
  const model = createAdulting(state);
  state.stream.forEach((entry, index) => applyEntry(model, entry.json || entry, entry, index));
  for (const round of model.rounds) round.qualified = qualified(model, round);
  return adultingView(model);
}

export function createAdulting(state) {
  const welcome = state.welcome || {};
  const spectator = !!welcome.spectator || !(welcome.seat >= 0);
  const params = specParams(welcome.game);
  const players = welcome.players || Number(params.players) || 4;
  return {
    players, you: spectator ? -1 : welcome.seat, spectator, params,
    topBack: null,                            // the back on top of the deck now
    drawn: 0,                                 // cards drawn so far
    backs: {},                                // card -> back name, learnt at its draw
    monies: Array(players).fill(0),
    unseenExtras: Array(players).fill(0),     // extras taken that this stream never showed
    pendingExtra: Array(players).fill(null),  // the last extra: {known: amount | null}
    hands: Array.from({ length: players }, () => ({ cards: [], hidden: 0, lost: 0 })),
    mantles: Array.from({ length: players }, () => ({ H: [], C: [], D: [] })),
    spades: 0,                                // spade cards scored (the third ends the game)
    discardPile: [],
    taken: [],                                // {round, card, seat, price}: every auction won
    rounds: [],
    ended: null,                              // {reason, points: [seat -> points]}
  };
}

export function addAdulting(model, json, index, entry) {
  applyEntry(model, json, entry, index);
}

// The parts the renderer reads: the round under way (with who qualified to
// bid in it), the scores and hand sizes; none grows with the stream.
export function adultingView(model) {
  model.round = model.rounds.length ? model.rounds[model.rounds.length - 1] : null;
  if (model.round) model.round.qualified = qualified(model, model.round);
  model.scores = model.mantles.map(mantleScore);
  model.handSizes = model.hands.map(h => h.cards.length + h.hidden - h.lost);
  return model;
}

function applyEntry(model, json, entry, index) {
  const seat = json.seat;
  if (json.kind === 'round') {
    model.rounds.push(newRound(json.round, seat, index));
    return;
  }
  const round = model.rounds[model.rounds.length - 1] || null;
  if (round && !LAID_OUT.has(json.kind)) {
    round.events.push({ json, text: entry.text || json.kind, index });
    if (JOB_OF_KIND[json.kind] && !round.job) round.job = JOB_OF_KIND[json.kind];
  }
  switch (json.kind) {
    case 'top_back': model.topBack = json.back; break;
    case 'draws':
      model.backs[json.card] = model.topBack;
      model.topBack = null;
      model.drawn += 1;
      if (round) { round.card = json.card; round.back = model.backs[json.card]; }
      break;
    case 'score_hearts':
    case 'score_clubs':
    case 'score_diamonds': scoreCard(model, round, json); break;
    case 'discards':
      playCard(model, seat, json.card);
      model.discardPile.push(json.card);
      if (round) round.plays.push({ seat, card: json.card, effect: true });
      break;
    case 'passes': if (round) round.plays.push({ seat, pass: true }); break;
    default: applyMoney(model, json) || applyHands(model, json) || (round && applyRound(model, round, json));
  }
}

function scoreCard(model, round, json) {
  const column = COLUMN_OF_KIND[json.kind];
  playCard(model, json.seat, json.card);
  model.mantles[json.seat][column].push(json.card);
  if (parseBack(model.backs[json.card]).suits.includes('S')) model.spades += 1;
  if (round) round.plays.push({ seat: json.seat, card: json.card, column });
}

// A card leaves `seat`'s hand, seen. A card it held unseen (stolen) is named
// now, and if the stolen card was one of the victim's known cards, that
// victim's hand is known again.
function playCard(model, seat, card) {
  const hand = model.hands[seat];
  const at = hand.cards.indexOf(card);
  if (at >= 0) { hand.cards.splice(at, 1); return; }
  if (hand.hidden > 0) hand.hidden -= 1;
  for (const other of model.hands) {
    const gone = other.lost > 0 ? other.cards.indexOf(card) : -1;
    if (gone >= 0) { other.cards.splice(gone, 1); other.lost -= 1; }
  }
}

// Monies: public payments, and the extras from the bank as far as seen.
function applyMoney(model, json) {
  const m = model.monies;
  const you = model.you;
  switch (json.kind) {
    case 'income': for (let s = 0; s < model.players; ++s) m[s] += json.amount; return true;
    case 'bank': m[json.seat] += json.amount; return true;
    case 'pays': m[json.seat] -= json.amount; m[json.to] += json.amount; return true;
    case 'pays_bank': m[json.seat] -= json.amount; return true;
    case 'refund':
      m[json.seat] += json.amount;
      roundOf(model).auction.refunds.push({ seat: json.seat, amount: json.amount });
      return true;
    case 'chooses_extra':
      model.pendingExtra[json.seat] = { known: null };
      model.unseenExtras[json.seat] += 1;
      return true;
    case 'you_take_extra': if (you >= 0) { m[you] += json.extra; model.pendingExtra[you] = { known: json.extra }; }
      return true;
    case 'sees_extra':
    case 'extra_shown': {
      const pending = model.pendingExtra[json.seat];
      if (pending && pending.known === null) {
        m[json.seat] += json.extra;
        model.unseenExtras[json.seat] -= 1;
        pending.known = json.extra;
      }
      return true;
    }
    default: return false;
  }
}

// Hands: cards won, a passed impeachment's card, Peek and Steal.
function applyHands(model, json) {
  const hands = model.hands;
  switch (json.kind) {
    case 'wins': {
      hands[json.seat].cards.push(json.card);
      model.monies[json.seat] -= json.price;
      const round = roundOf(model);
      round.auction.winner = { seat: json.seat, price: json.price };
      model.taken.push({ round: round.number, card: json.card, seat: json.seat, price: json.price });
      return true;
    }
    case 'impeach_passes': {
      const round = roundOf(model);
      if (round.card) hands[json.seat].cards.push(round.card);
      return false;  // also listed among the round's steps
    }
    case 'hand_seen': hands[json.target] = { cards: [...json.cards], hidden: 0, lost: 0 }; return true;
    case 'takes': {
      const from = hands[json.target].cards.indexOf(json.card);
      if (from >= 0) hands[json.target].cards.splice(from, 1);
      else if (hands[json.target].hidden > 0) hands[json.target].hidden -= 1;
      hands[json.seat].cards.push(json.card);
      return true;
    }
    case 'takes_a_card':
      hands[json.target].lost += 1;
      hands[json.seat].hidden += 1;
      return true;
    default: return false;
  }
}

function roundOf(model) {
  return model.rounds[model.rounds.length - 1] || newRound(0, 0, 0);
}

// Sorting and bidding: truths, claims and votes, the sealed bids, the end.
function applyRound(model, round, json) {
  const claim = () => round.claims[round.claims.length - 1];
  const auction = round.auction;
  switch (json.kind) {
    case 'truth_adult': round.truth = 'adult'; break;
    case 'truth_child': round.truth = 'child'; break;
    case 'claim_adult': round.claims.push({ seat: json.seat, claim: 'adult', votes: [], result: null }); break;
    case 'claim_child': round.claims.push({ seat: json.seat, claim: 'child', votes: [], result: null }); break;
    case 'vote_up':
    case 'vote_down': if (claim()) claim().votes.push({ seat: json.seat, up: json.kind === 'vote_up' }); break;
    case 'stands':
    case 'falls': {
      const own = round.claims.find(c => c.seat === json.seat && c.claim === 'adult' && !c.result);
      if (own) own.result = json.kind;
      break;
    }
    case 'you_bid': auction.yourBid = json.bid; auction.committed.push(model.you); break;
    case 'commits': auction.committed.push(json.seat); break;
    case 'bid_shown': auction.shown.push({ seat: json.seat, bid: json.bid }); break;
    case 'no_taker': auction.noTaker = true; model.discardPile.push(json.card); break;
    case 'end_spade': model.ended = { reason: 'the third spade was scored', points: [] }; break;
    case 'end_deck': model.ended = { reason: 'the deck is empty', points: [] }; break;
    case 'points': (model.ended || (model.ended = { reason: '', points: [] })).points[json.seat] = json.points; break;
    default: break;  // peeks, steals_from: the hands follow from hand_seen and takes
  }
  return true;
}

// Who bids this round, in order from the dealer's left: the adults whose
// claim stood and whoever played a qualify effect (a Pass).
function qualified(model, round) {
  const seats = new Set(round.claims.filter(c => c.result === 'stands').map(c => c.seat));
  for (const play of round.plays) {
    if (play.effect && parseBack(model.backs[play.card]).effect === 'qualify') seats.add(play.seat);
  }
  const order = seat => (seat - round.dealer - 1 + 2 * model.players) % model.players;
  return [...seats].sort((a, b) => order(a) - order(b));
}

// Which legal actions name each card of your hand: {card: [{label, text}]},
// 'score H3 hearts' as the column's suit, 'discard Bank' as its effect.
export function handActions(state) {
  const actions = {};
  if (!state.turn || !state.turn.to_act || state.gameOver) return actions;
  for (const text of state.turn.legal || []) {
    const score = /^score (\S+) (hearts|clubs|diamonds)$/.exec(text);
    const discard = /^discard (\S+)$/.exec(text);
    if (score) (actions[score[1]] ||= []).push({ column: score[2][0].toUpperCase(), text });
    else if (discard) (actions[discard[1]] ||= []).push({ column: null, text });
  }
  return actions;
}
