// What a Loyalist Spies table shows, worked out from one stream alone (a
// seat's, or the public one for a spectator): the hand you hold now, your
// ace and secret facts, the rounds' turns and missions, hand sizes and
// scores. Pure: no DOM, so node tests it (tests/web/js/renderer_models_test.mjs)
// and the renderer (loyalist_spies.js) only draws what it says.
//
// The observation kinds and their JSON fields are those of
// env/games/loyalist_spies/stream.h (docs/rules/loyalist_spies.md, "What each
// seat observes"). A mission's terms (covert value, VP) and whether it
// succeeded come from the server's notes beside the flip and the reveal
// (web/games/loyalist_spies/observation_notes.h), not from a copy of the
// rules' mission guide here; without notes they stay null. Nothing here
// reads anything but the state's messages: a card another seat played stays
// unknown (null) until the mission's reveal, and even then only the set is
// known, never who played which.
import { specParams } from '../table_state.js';

export const SUIT_ORDER = ['D', 'S', 'H', 'C'];
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

// "7H" -> {name, rank: '7', suit: 'H', value: 7}; "Jk"/"Jk2" -> a Joker
// (value 0). The value is the card's worth on a mission (J 11, Q 12, K 13).
export function parseCard(name) {
  if (name === 'Jk' || name === 'Jk2') return { name, rank: 'Jk', suit: null, joker: true, value: 0 };
  const rank = name.slice(0, -1);
  const suit = name.slice(-1);
  const index = RANKS.indexOf(rank);
  return { name, rank, suit, joker: false, value: index < 0 ? 0 : index === 12 ? 1 : index + 2 };
}

// The game's card order (suit D S H C, then rank 2 .. A; Jokers last).
export function cardOrder(name) {
  const card = parseCard(name);
  if (card.joker) return 100 + (name === 'Jk' ? 0 : 1);
  return SUIT_ORDER.indexOf(card.suit) * 13 + RANKS.indexOf(card.rank);
}

export function sortCards(names) {
  return [...names].sort((a, b) => cardOrder(a) - cardOrder(b));
}

function newRound(number, players) {
  return {
    number,                       // 1, 2, ...
    firstDeterminer: (number - 1) % players,
    ace: null,                    // your ace (a seat's model only)
    dealt: [],                    // the cards dealt to you, in order
    kept: [],                     // your keeps (deal=keep5)
    hand: [],                     // what you hold now
    handSize: Array(players + 1).fill(0),   // one slot more: see applyEntry
    dealtCount: Array(players + 1).fill(0),
    knownAces: {},                // seat -> ace: seen through a Jack, or a matched Jack's suit
    notSuits: {},                 // seat -> [suits a Jack ruled out]
    jokersAside: [],              // Jokers flipped and set aside
    turns: [],                    // {determiner, flips, kind, mission?, jack?, queen?}
    roles: [],                    // seat -> {role, ace, jokers, points} at the round's end
    ended: false,
  };
}

// The model of `state` (table_state.js): its stream, welcome and gameOver,
// folded at once. loyalist_spies.js keeps the fold between draws instead
// (fold.js): createSpies, then addSpies per new entry, then spiesView.
export function spiesModel(state) {
  const model = createSpies(state);
  state.stream.forEach((entry, i) => addSpies(model, entry.json || entry, i, entry));
  return spiesView(model);
}

export function createSpies(state) {
  const welcome = state.welcome || {};
  const spectator = !!welcome.spectator || !(welcome.seat >= 0);
  const you = spectator ? -1 : welcome.seat;
  const params = specParams(welcome.game);
  const players = welcome.players || Number(params.players) || 4;
  return {
    players, you, spectator,
    keep5: (params.deal || 'keep5') === 'keep5',
    rounds: [],
    totals: Array(players).fill(0),
  };
}

// Reads one observation (`entry` is {json, text, notes}, as fold.js passes
// it): an ace starts a new round once the last has begun.
export function addSpies(model, json, index, entry) {
  let round = model.rounds.length ? model.rounds[model.rounds.length - 1] : null;
  if ((json.kind === 'ace' || json.kind === 'ace_to') && (!round || round.turns.length || round.dealt.length ||
                                                          round.dealtCount.some(n => n > 0))) {
    round = newRound(model.rounds.length + 1, model.players);
    model.rounds.push(round);
  }
  if (!round) {  // a stream that starts mid-round (it never does; a prefix always starts at 0)
    round = newRound(1, model.players);
    model.rounds.push(round);
  }
  applyEntry(model, round, json, (entry && entry.notes) || null);
}

// The parts the renderer reads of the round under way (its size is the
// round's, not the stream's).
export function spiesView(model) {
  model.round = model.rounds.length ? model.rounds[model.rounds.length - 1] : null;
  model.turn = model.round && model.round.turns.length ? model.round.turns[model.round.turns.length - 1] : null;
  model.missions = model.round ? model.round.turns.filter(t => t.mission).map(t => t.mission) : [];
  return model;
}

function currentTurn(round, determiner) {
  const last = round.turns[round.turns.length - 1];
  if (last && !last.resolved && last.determiner === determiner) return last;
  const turn = { determiner, flips: [], kings: 0, kind: null, resolved: false };
  round.turns.push(turn);
  return turn;
}

function lastTurn(round) {
  return round.turns[round.turns.length - 1] || null;
}

function removeCard(hand, card) {
  const at = hand.indexOf(card);
  if (at >= 0) hand.splice(at, 1);
}

function applyEntry(model, round, json, notes) {
  // A spectator's stream has no kind about "you"; the -1 slot is never read.
  const you = model.you >= 0 ? model.you : model.players;
  const seat = json.seat;
  switch (json.kind) {
    case 'ace': round.ace = json.ace; break;
    case 'ace_to': break;
    case 'dealt':
      round.dealt.push(json.card);
      round.dealtCount[you] += 1;
      if (!model.keep5) { round.hand.push(json.card); round.handSize[you] += 1; }
      break;
    case 'dealt_to':
      round.dealtCount[seat] += 1;
      if (!model.keep5) round.handSize[seat] += 1;
      break;
    case 'keep': round.kept.push(json.card); round.hand.push(json.card); round.handSize[you] += 1; break;
    case 'kept': round.handSize[seat] += 1; break;
    case 'flip': applyFlip(round, json, notes); break;
    case 'already_on_top': queenOf(round).alreadyOnTop = json.cards; break;
    case 'jack_match':
    case 'jack_no_match': applyJack(round, json); break;
    case 'ace_seen': applyAceSeen(round, json); break;
    case 'queen_shows': queenOf(round).shown.push(json.card); break;
    case 'queen_shows_to': queenOf(round).shownCount += 1; break;
    case 'order': queenOf(round).order = json.cards; queenOf(round).resolved = true; break;
    case 'reorder': queenOf(round).reordered = true; break;
    case 'face_down': missionOf(round).faceDown += 1; break;
    case 'play':
      missionOf(round).plays.push({ seat: you, card: json.card });
      removeCard(round.hand, json.card);
      round.handSize[you] -= 1;
      break;
    case 'plays': missionOf(round).plays.push({ seat, card: null }); round.handSize[seat] -= 1; break;
    case 'no_play': missionOf(round).plays.push({ seat, none: true }); break;
    case 'reveal': applyReveal(round, json, notes); break;
    case 'draw': round.hand.push(json.card); round.handSize[you] += 1; break;
    case 'draws': round.handSize[seat] += 1; break;
    case 'discard': removeCard(round.hand, json.card); round.handSize[you] -= 1; break;
    case 'discards': round.handSize[seat] -= 1; break;
    case 'loyal':
    case 'compromised':
    case 'traitor':
      round.roles[seat] = { role: json.kind, ace: json.ace, jokers: json.jokers || [], points: json.points };
      round.knownAces[seat] = json.ace;
      model.totals[seat] += json.points;
      round.ended = true;
      break;
    default: break;  // a kind this page does not know: the log still shows it
  }
}

function applyFlip(round, json, notes) {
  const turn = currentTurn(round, json.seat);
  const card = parseCard(json.card);
  turn.flips.push(json.card);
  if (card.joker) { round.jokersAside.push(json.card); return; }
  if (card.rank === 'K') { turn.kings += 1; return; }
  if (card.rank === 'J') { turn.kind = 'jack'; turn.jack = { suit: card.suit, target: null, match: null }; }
  else if (card.rank === 'Q') {
    turn.kind = 'queen';
    turn.queen = { shown: [], shownCount: 0, order: null, reordered: false, alreadyOnTop: null };
  } else {
    turn.kind = 'mission';
    turn.mission = { card: json.card, determiner: json.seat, kings: turn.kings, ...termsOf(notes),
                     faceDown: 0, plays: [], revealed: null, total: null, failed: null };
  }
  turn.resolved = true;
}

function applyJack(round, json) {
  const turn = lastTurn(round);
  const jack = turn && turn.jack ? turn.jack : { suit: null };
  jack.target = json.target;
  jack.match = json.kind === 'jack_match';
  if (!jack.suit) return;
  if (jack.match) round.knownAces[json.target] = 'A' + jack.suit;
  else round.notSuits[json.target] = [...(round.notSuits[json.target] || []), jack.suit];
}

function applyAceSeen(round, json) {
  round.knownAces[json.seat] = json.ace;
  const turn = lastTurn(round);
  if (turn && turn.jack) turn.jack.seen = { seat: json.seat, ace: json.ace };
}

function queenOf(round) {
  const turn = lastTurn(round);
  if (turn && turn.queen) return turn.queen;
  return { shown: [], shownCount: 0 };  // a Queen fact with no Queen flipped: nowhere to show it
}

function missionOf(round) {
  const turn = lastTurn(round);
  if (turn && turn.mission) return turn.mission;
  return { faceDown: 0, plays: [] };  // a play with no mission: nowhere to show it
}

// The terms a note gives a mission ({covert, vp}), or nulls without one.
function termsOf(notes) {
  return { covert: notes ? notes.covert : null, vp: notes ? notes.vp : null };
}

function applyReveal(round, json, notes) {
  const turn = lastTurn(round);
  let mission = turn && turn.mission;
  if (!mission || mission.card !== json.mission) {
    mission = { card: json.mission, kings: 0, ...termsOf(null), faceDown: 0, plays: [] };
  }
  if (notes) Object.assign(mission, termsOf(notes));
  mission.revealed = json.set;
  mission.total = json.total;
  mission.failed = notes ? !notes.success : null;
}

// The dealt cards of a keep5 deal not kept (yet): the choice still open, or
// the cards given up to the deck once five are kept.
export function notKept(round) {
  const kept = [...round.kept];
  return round.dealt.filter(card => {
    const at = kept.indexOf(card);
    if (at < 0) return true;
    kept.splice(at, 1);
    return false;
  });
}
