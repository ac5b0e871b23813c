// The richer table layouts' models (web/static/js/renderers/spies_model.js,
// adulting_model.js): what they make of real streams. The fixtures under
// tests/web/fixtures/ are games played on `kibitz serve`, captured with
// capture_stream_fixture.mjs: every message seat 0 (a person, played at
// random) and a spectator received, and the game_over message, which holds
// every seat's stream and the full history. The models read only the
// messages a page gets; the tests check them against what the page never
// sees: the history's deals and the final state that
// `kibitz replay view FILE --reveal --print` printed for the same game.
// Run by ctest as kibitz_web_renderers_js_test (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The page serves its modules as browser modules; node reads a .js file
// outside a "type": "module" package as CommonJS. A copy of web/static/js
// marked as a module package keeps their relative imports working.
const here = new URL('.', import.meta.url);
const staticJs = fileURLToPath(new URL('../../../web/static/js', here));
const copy = mkdtempSync(join(tmpdir(), 'kibitz-web-js-'));
cpSync(staticJs, copy, { recursive: true });
writeFileSync(join(copy, 'package.json'), '{"type": "module"}\n');
const T = await import(join(copy, 'table_state.js'));
const Spies = await import(join(copy, 'renderers', 'spies_model.js'));
const Adulting = await import(join(copy, 'renderers', 'adulting_model.js'));
const Cards = await import(join(copy, 'renderers', 'cards.js'));
const Index = await import(join(copy, 'renderers', 'index.js'));

const fixture = name => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, here), 'utf8'));
const deckFile = JSON.parse(readFileSync(new URL('../../../docs/examples/adulting_small_deck.json', here), 'utf8'));

// The page's state after the first `count` messages (all by default), as
// table.js builds it: the seat's messages, then the public stream.
function seatState(fx, count = Infinity) {
  let state = T.initialState();
  for (const message of fx.seat.slice(0, count)) state = T.apply(state, message);
  for (const message of fx.spectator) state = T.applyPublic(state, message);
  return state;
}

function spectatorState(fx) {
  let state = T.initialState();
  for (const message of fx.spectator) state = T.apply(state, message);
  return state;
}

// Seat `seat`'s whole stream from game_over (JSON only, as a replay viewer
// would draw any seat's view), with its welcome.
function streamState(fx, seat) {
  const welcome = { ...fx.seat[0], seat, spectator: false };
  return { ...T.initialState(), welcome, stream: fx.game_over.streams[seat].map(json => ({ json, text: '' })) };
}

// Every prefix of the seat's stream, with turn null: the replay viewer's states.
function* prefixes(fx) {
  const full = seatState(fx);
  for (let n = 0; n <= full.stream.length; ++n) {
    yield { ...full, stream: full.stream.slice(0, n), turn: null, gameOver: null };
  }
}

// Every card name written anywhere in a value.
function cardNamesIn(value, names) {
  const found = new Set();
  JSON.stringify(value, (key, v) => { if (typeof v === 'string' && names.has(v)) found.add(v); return v; });
  return found;
}

const SPIES_CARDS = new Set(['Jk', 'Jk2']);
for (const suit of 'DSHC') for (const rank of '23456789TJQKA') SPIES_CARDS.add(rank + suit);

// --- Loyalist Spies --------------------------------------------------------

// From `kibitz replay view <the game>.kbr --reveal --print`, the last step.
const SPIES_TRUTH = {
  hands: [['6D', 'Jk', 'Jk2'], ['7D', 'JD', 'QH', '4C'], ['TD', '8S', '7H', 'TC'], ['5D', 'KS', 'TH', 'QC']],
  totals: [25, 10, 7, 19],
  aces: ['AS', 'AH', 'AD', 'AC'],
  roles: ['traitor', 'compromised', 'loyal', 'loyal'],
};
const DISCARD_TRUTH = { hands: [['4D', '7S', '3H', 'QH', 'KH'], ['6D', '9H', 'TH', '5C', '9C'],
                                ['7D', 'KD', '5S', '9S', '8H'], ['6S', '5H', 'JH', '6C', 'QC']],
                        totals: [13, 7, 7, 14] };

test('Spies: seat 0 sees exactly its own dealt cards and ace, as the history dealt them', () => {
  const fx = fixture('spies_stream_seat0');
  const history = fx.game_over.history.map(move => move.text);
  const firstDeal = history.findIndex(text => text.startsWith('deal '));
  const nextAces = history.findIndex((text, i) => i > firstDeal && text.startsWith('ace '));
  const dealtToP0 = history.slice(0, nextAces).filter(t => /^deal \S+ to P0$/.test(t)).map(t => t.split(' ')[1]);
  // The state once the deal is done: the first message offering a keep.
  const firstKeep = fx.seat.findIndex(m => m.type === 'turn' && m.to_act);
  const model = Spies.spiesModel(seatState(fx, firstKeep + 1));
  assert.equal(model.rounds.length, 1);
  assert.deepEqual(Spies.sortCards(model.round.dealt), Spies.sortCards(dealtToP0));
  assert.equal(dealtToP0.length, 12);
  assert.equal(model.round.ace, history.find(t => / to P0$/.test(t) && t.startsWith('ace ')).split(' ')[1]);
  assert.deepEqual(model.round.hand, [], 'nothing kept yet');
  // The cards still to choose from are the keep actions offered.
  const offered = fx.seat[firstKeep].legal.map(text => text.split(' ')[1]);
  for (const card of offered) assert.ok(Spies.notKept(model.round).includes(card), card);
  // No other seat's card: the model names only cards of P0's stream.
  const named = cardNamesIn(model, SPIES_CARDS);
  const streamed = cardNamesIn(seatState(fx, firstKeep + 1).stream, SPIES_CARDS);
  for (const card of named) assert.ok(streamed.has(card), `${card} is not in P0's stream`);
});

test('Spies: every seat\'s model ends holding its true hand, with the true scores and roles', () => {
  for (const [name, truth] of [['spies_stream_seat0', SPIES_TRUTH], ['spies_discard_seat0', DISCARD_TRUTH]]) {
    const fx = fixture(name);
    for (let seat = 0; seat < 4; ++seat) {
      const model = Spies.spiesModel(seat === 0 ? seatState(fx) : streamState(fx, seat));
      assert.deepEqual(Spies.sortCards(model.round.hand), Spies.sortCards(truth.hands[seat]), `${name} P${seat}`);
      assert.deepEqual(model.round.handSize.slice(0, 4), truth.hands.map(h => h.length), `${name} P${seat} sizes`);
      assert.deepEqual(model.totals, truth.totals, `${name} P${seat} totals`);
      assert.equal(model.rounds.length, 2);
    }
  }
  // Round 1 of the discard game, after "you discard 6D" and the refills:
  // hands P0 [TD] P1 [6S 6H] P2 [9S] P3 [8H], points 3 1 2 9.
  const round1 = Spies.spiesModel(seatState(fixture('spies_discard_seat0'))).rounds[0];
  assert.deepEqual(round1.hand, ['TD']);
  assert.deepEqual(round1.handSize.slice(0, 4), [1, 2, 1, 1]);
  assert.deepEqual(round1.roles.map(r => r.points), [3, 1, 2, 9]);
  const model = Spies.spiesModel(seatState(fixture('spies_stream_seat0')));
  assert.deepEqual(model.round.roles.map(r => r.ace), SPIES_TRUTH.aces);
  assert.deepEqual(model.round.roles.map(r => r.role), SPIES_TRUTH.roles);
  assert.deepEqual(model.round.roles[0].jokers, ['Jk', 'Jk2']);
});

test('Spies: the missions, their terms and results, as the replay tells them', () => {
  const model = Spies.spiesModel(seatState(fixture('spies_stream_seat0')));
  // "missions 4 succeeded 1 failed 3" in the last round; its last mission
  // "9H covert 35 VP 3 revealed [4D 3S 5S 6S 9S 4H JC] = 42: failed".
  assert.equal(model.missions.length, 4);
  assert.deepEqual(model.missions.map(m => m.failed), [true, false, true, true]);
  const last = model.missions[3];
  assert.deepEqual([last.card, last.covert, last.vp, last.total], ['9H', 35, 3, 42]);
  assert.deepEqual(last.revealed, ['4D', '3S', '5S', '6S', '9S', '4H', 'JC']);
  const kinged = model.missions[0];  // KH, then 8H: VP 3 - 1 + 2
  assert.deepEqual([kinged.card, kinged.kings, kinged.covert, kinged.vp], ['8H', 1, 40, 4]);
  // The terms are the server's notes on the flip (and the reveal's, which
  // also says the result); the model keeps no copy of the mission guide.
  assert.equal(Spies.missionTerms, undefined);
});

test('Spies: a stream sent without notes leaves the terms and results unknown, not guessed', () => {
  const state = seatState(fixture('spies_stream_seat0'));
  const bare = { ...state, stream: state.stream.map(entry => ({ json: entry.json, text: entry.text })) };
  const model = Spies.spiesModel(bare);
  assert.equal(model.missions.length, 4);
  for (const mission of model.missions) {
    assert.deepEqual([mission.covert, mission.vp, mission.failed], [null, null, null]);
    assert.ok(mission.total > 0);
  }
});

test('Spies: a mission\'s face-down cards stay unknown until the reveal', () => {
  const fx = fixture('spies_stream_seat0');
  let checkedOpen = 0;
  let checkedRevealed = 0;
  for (const state of prefixes(fx)) {
    const model = Spies.spiesModel(state);
    const mission = model.turn && model.turn.mission;
    if (!mission) continue;
    for (const play of mission.plays) {
      if (play.seat === 0) assert.ok(play.card, 'your own card is known');
      else assert.equal(play.card ?? null, null, `P${play.seat}'s card is not known`);
    }
    if (mission.revealed) {
      assert.equal(mission.revealed.length, mission.faceDown + mission.plays.filter(p => !p.none).length);
      checkedRevealed += 1;
    } else {
      assert.equal(mission.total, null);
      assert.equal(mission.failed, null);
      checkedOpen += 1;
    }
    assert.ok(mission.plays.filter(p => p.seat === 0).length <= 1);
  }
  assert.ok(checkedOpen > 20 && checkedRevealed > 20, `${checkedOpen} open, ${checkedRevealed} revealed`);
});

test('Spies: every prefix of the stream draws (turn null), naming only cards the stream named', () => {
  const fx = fixture('spies_discard_seat0');
  let last = null;
  for (const state of prefixes(fx)) {
    const model = Spies.spiesModel(state);
    for (const card of cardNamesIn(model, SPIES_CARDS)) {
      assert.ok(cardNamesIn(state.stream, SPIES_CARDS).has(card) || card.startsWith('A'), card);
    }
    assert.ok(model.round === null || model.round.hand.length <= 13);
    last = model;
  }
  assert.equal(last.rounds.length, 2);
});

test('Spies: Jacks tell suits; a match shows the ace, a miss rules a suit out', () => {
  const fx = fixture('spies_discard_seat0');
  // P0's stream: "P0 looks at P2's ace: no match" then "P2's ace is AS" in
  // round 1; "P0 looks at P1's ace: match", "P1's ace is AC", then "P1 looks
  // at P3's ace: no match" in round 2.
  const full = seatState(fx);
  const miss = full.stream.findIndex(e => e.text === 'P1 looks at P3\'s ace: no match');
  assert.ok(miss > 0);
  const afterMiss = Spies.spiesModel({ ...full, stream: full.stream.slice(0, miss + 1), turn: null });
  assert.equal(afterMiss.round.knownAces[1], 'AC');
  const jack = afterMiss.turn.jack;
  assert.deepEqual([jack.target, jack.match], [3, false]);
  assert.deepEqual(afterMiss.round.notSuits[3], [jack.suit]);
  assert.equal(afterMiss.round.knownAces[3], undefined);
  const round1 = afterMiss.rounds[0];
  assert.equal(round1.knownAces[2], 'AS');
  assert.equal(round1.turns[0].jack.seen.ace, 'AS');
});

test('Spies: a spectator\'s model has no hand, no ace, no card of anyone\'s', () => {
  const fx = fixture('spies_stream_seat0');
  const model = Spies.spiesModel(spectatorState(fx));
  assert.equal(model.spectator, true);
  assert.equal(model.you, -1);
  for (const round of model.rounds) {
    assert.deepEqual(round.hand, []);
    assert.deepEqual(round.dealt, []);
    assert.equal(round.ace, null);
    for (const turn of round.turns) {
      assert.equal(turn.queen ? turn.queen.shown.length : 0, 0);
      if (turn.mission) assert.ok(turn.mission.plays.every(p => !p.card), 'no play is known');
    }
  }
  // The public facts are the same as the seat's: hand sizes, missions, scores.
  const seat = Spies.spiesModel(seatState(fx));
  assert.deepEqual(model.round.handSize.slice(0, 4), seat.round.handSize.slice(0, 4));
  assert.deepEqual(model.missions.map(m => m.total), seat.missions.map(m => m.total));
  assert.deepEqual(model.totals, SPIES_TRUTH.totals);
});

test('Spies: the Queen\'s cards are the determiner\'s alone', () => {
  const stream = [
    { kind: 'ace', ace: 'AS' }, { kind: 'ace_to', seat: 1 }, { kind: 'ace_to', seat: 2 },
    { kind: 'flip', seat: 0, card: 'QH' }, { kind: 'already_on_top', cards: ['9C'] },
    { kind: 'queen_shows', card: '3D' }, { kind: 'queen_shows', card: 'KH' },
    { kind: 'order', cards: ['KH', '9C', '3D'] },
    { kind: 'flip', seat: 1, card: 'QS' }, { kind: 'queen_shows_to', seat: 1 }, { kind: 'reorder', seat: 1 },
  ].map(json => ({ json, text: '' }));
  const state = { ...T.initialState(), welcome: { game: 'loyalist_spies(players=3,deal=direct)', players: 3, seat: 0 },
                  stream };
  const model = Spies.spiesModel(state);
  const [mine, theirs] = model.round.turns;
  assert.deepEqual(mine.queen.alreadyOnTop, ['9C']);
  assert.deepEqual(mine.queen.shown, ['3D', 'KH']);
  assert.deepEqual(mine.queen.order, ['KH', '9C', '3D']);
  assert.deepEqual([theirs.queen.shown, theirs.queen.shownCount, theirs.queen.reordered], [[], 1, true]);
  assert.equal(model.keep5, false);
});

// --- Adulting ---------------------------------------------------------------

// From `kibitz replay view <the game>.kbr --reveal --print`, the last step.
const ADULTING_TRUTH = {
  monies: [6, 11, 13],
  mantles: [{ H: ['H2', 'HC1'], C: [], D: [] }, { H: [], C: ['C1', 'C2', 'S1', 'Pass'], D: [] },
            { H: ['H1', 'DS1'], C: [], D: ['D1'] }],
  scores: [4, 16, 5],
};
const sortMantle = mantle => Object.fromEntries(Object.entries(mantle).map(([c, cards]) => [c, [...cards].sort()]));

test('Adulting: seat 0 ends with its true monies, and everyone\'s mantle and score', () => {
  const fx = fixture('adulting_stream_seat0');
  const model = Adulting.adultingModel(seatState(fx));
  assert.equal(model.monies[0], ADULTING_TRUTH.monies[0]);
  assert.equal(model.unseenExtras[0], 0, 'your own extras are never unseen');
  for (let seat = 1; seat < 3; ++seat) {
    const low = model.monies[seat];
    const high = low + 2 * model.unseenExtras[seat];
    assert.ok(low <= ADULTING_TRUTH.monies[seat] && ADULTING_TRUTH.monies[seat] <= high, `P${seat}: ${low}..${high}`);
  }
  assert.deepEqual(model.mantles.map(sortMantle), ADULTING_TRUTH.mantles.map(sortMantle));
  assert.deepEqual(model.scores, ADULTING_TRUTH.scores);
  assert.deepEqual(model.ended.points, ADULTING_TRUTH.scores);
  assert.equal(model.ended.reason, 'the deck is empty');
  assert.deepEqual(model.handSizes, [0, 0, 0]);
  assert.equal(model.spades, 2);  // S1 and DS1
});

test('Adulting: each seat\'s own stream knows its own monies exactly', () => {
  const fx = fixture('adulting_stream_seat0');
  for (let seat = 0; seat < 3; ++seat) {
    const model = Adulting.adultingModel(streamState(fx, seat));
    assert.equal(model.unseenExtras[seat], 0, `P${seat}`);
    assert.equal(model.monies[seat], ADULTING_TRUTH.monies[seat], `P${seat}`);
  }
});

test('Adulting: a card\'s back is the one shown on top before its draw, as the deck file says', () => {
  const model = Adulting.adultingModel(seatState(fixture('adulting_stream_seat0')));
  const letter = { hearts: 'H', clubs: 'C', diamonds: 'D', spades: 'S' };
  assert.equal(Object.keys(model.backs).length, 12);
  for (const card of deckFile.cards) {
    const back = Adulting.parseBack(model.backs[card.name]);
    assert.deepEqual(back.suits, [card.suit, card.second].filter(Boolean).map(s => letter[s]), card.name);
    assert.equal(back.effect ? back.effect.replace(/\d+$/, '') : null, card.effect || null, card.name);
  }
});

test('Adulting: sealed bids stay unknown until shown; the top bid takes the card', () => {
  const fx = fixture('adulting_stream_seat0');
  let sealed = 0;
  let won = 0;
  for (const state of prefixes(fx)) {
    const model = Adulting.adultingModel(state);
    const auction = model.round && model.round.auction;
    if (!auction) continue;
    for (const seat of auction.committed) assert.ok(model.round.qualified.includes(seat), `P${seat} qualified`);
    if (auction.committed.length && !auction.shown.length) {
      sealed += 1;
      const ownBid = state.stream.slice(model.round.startsAt).find(e => e.json.kind === 'you_bid');
      assert.equal(auction.yourBid, ownBid ? ownBid.json.bid : null);
    }
    if (auction.shown.length) {
      assert.deepEqual(auction.committed, model.round.qualified, 'every qualified seat bid, in order');
      // The bids are shown one entry each, in the order they were committed.
      assert.deepEqual(auction.shown.map(b => b.seat), auction.committed.slice(0, auction.shown.length));
    }
    if (auction.winner && auction.shown.length) {
      const top = Math.max(...auction.shown.map(b => b.bid));
      const first = auction.shown.find(b => b.bid === top);
      assert.deepEqual(auction.winner, { seat: first.seat, price: top });
      won += 1;
    }
  }
  assert.ok(sealed > 0 && won > 0, `${sealed} sealed, ${won} won`);
  const model = Adulting.adultingModel(seatState(fx));
  assert.equal(model.taken.length, 8);
});

test('Adulting: claims stand unless the down votes outnumber the up votes', () => {
  const model = Adulting.adultingModel(seatState(fixture('adulting_stream_seat0')));
  let claims = 0;
  for (const round of model.rounds) {
    for (const claim of round.claims.filter(c => c.claim === 'adult' && c.result)) {
      const up = claim.votes.filter(v => v.up).length;
      assert.equal(claim.result, claim.votes.length - up > up ? 'falls' : 'stands',
                   `round ${round.number} P${claim.seat}`);
      assert.ok(claim.votes.every(v => v.seat !== claim.seat));
      claims += 1;
    }
  }
  assert.ok(claims >= 15, `${claims} adult claims`);
});

test('Adulting: a spectator\'s model has no hand of its own, no truth and no sealed bid', () => {
  const fx = fixture('adulting_stream_seat0');
  const model = Adulting.adultingModel(spectatorState(fx));
  assert.equal(model.spectator, true);
  assert.equal(model.you, -1);
  for (const round of model.rounds) {
    assert.equal(round.truth, null);
    assert.equal(round.auction.yourBid, null);
  }
  assert.deepEqual(model.mantles.map(sortMantle), ADULTING_TRUTH.mantles.map(sortMantle));
  for (let seat = 0; seat < 3; ++seat) {
    const low = model.monies[seat];
    assert.ok(low <= ADULTING_TRUTH.monies[seat] && ADULTING_TRUTH.monies[seat] <= low + 2 * model.unseenExtras[seat]);
  }
});

test('Adulting: Peek and Steal move what the stream shows, and no more', () => {
  const entries = [
    { kind: 'round', round: 1, seat: 0 }, { kind: 'top_back', back: 'H-back' }, { kind: 'draws', seat: 0, card: 'H1' },
    { kind: 'wins', seat: 1, card: 'H1', price: 0 },
    { kind: 'round', round: 2, seat: 1 }, { kind: 'top_back', back: 'C+steal-back' },
    { kind: 'draws', seat: 1, card: 'Steal' },
    { kind: 'wins', seat: 2, card: 'Steal', price: 0 },
    { kind: 'round', round: 3, seat: 2 }, { kind: 'top_back', back: 'S-back' }, { kind: 'draws', seat: 2, card: 'S1' },
    { kind: 'wins', seat: 1, card: 'S1', price: 0 },
    { kind: 'round', round: 4, seat: 0 }, { kind: 'discards', seat: 2, card: 'Steal' },
    { kind: 'steals_from', seat: 2, target: 1 }, { kind: 'takes_a_card', seat: 2, target: 1 },
  ];
  const state = stream => ({ ...T.initialState(), welcome: { game: 'adulting(players=3)', players: 3, seat: 0 },
                             stream: stream.map(json => ({ json, text: '' })) });
  const unseen = Adulting.adultingModel(state(entries));
  assert.deepEqual(unseen.hands[1], { cards: ['H1', 'S1'], hidden: 0, lost: 1 });
  assert.deepEqual(unseen.hands[2], { cards: [], hidden: 1, lost: 0 });
  assert.deepEqual(unseen.handSizes, [0, 1, 1]);
  // P2 scores the stolen card: now it is known which card went.
  const scored = Adulting.adultingModel(state([...entries, { kind: 'round', round: 5, seat: 1 },
                                               { kind: 'score_hearts', seat: 2, card: 'S1' }]));
  assert.deepEqual(scored.hands[1], { cards: ['H1'], hidden: 0, lost: 0 });
  assert.deepEqual(scored.hands[2], { cards: [], hidden: 0, lost: 0 });
  assert.equal(scored.spades, 1);
  // The thief and the victim see the card: "P2 takes S1 from P1".
  const seen = Adulting.adultingModel(state([...entries.slice(0, -1),
                                             { kind: 'takes', seat: 2, card: 'S1', target: 1 }]));
  assert.deepEqual(seen.hands[1].cards, ['H1']);
  assert.deepEqual(seen.hands[2].cards, ['S1']);
  // A Peek shows a whole hand.
  const peeked = Adulting.adultingModel(state([...entries, { kind: 'hand_seen', target: 1, cards: ['H1'] }]));
  assert.deepEqual(peeked.hands[1], { cards: ['H1'], hidden: 0, lost: 0 });
});

// --- The parts every layout shares --------------------------------------------

test('cards named by legal actions are clickable only while the seat is to act', () => {
  const legal = ['play QS', 'play 2C', 'peek P2', 'order 9C,3D,KH'];
  assert.deepEqual(Cards.cardActions({ turn: { to_act: true, legal } }, ['play']), { QS: 'play QS', '2C': 'play 2C' });
  assert.deepEqual(Cards.cardActions({ turn: { to_act: false, legal: [] } }, ['play']), {});
  assert.deepEqual(Cards.cardActions({ turn: null }, ['play']), {});
  assert.deepEqual(Cards.cardActions({ turn: { to_act: true, legal }, gameOver: {} }, ['play']), {});
  const scoring = { turn: { to_act: true, legal: ['score HC1 hearts', 'score HC1 clubs', 'discard Bank', 'pass'] } };
  assert.deepEqual(Adulting.handActions(scoring), {
    HC1: [{ column: 'H', text: 'score HC1 hearts' }, { column: 'C', text: 'score HC1 clubs' }],
    Bank: [{ column: null, text: 'discard Bank' }] });
});

test('a game gets the renderer its web part names in /api/games, every other game the generic one', async () => {
  const spies = await import(join(copy, 'renderers', 'loyalist_spies.js'));
  const adulting = await import(join(copy, 'renderers', 'adulting.js'));
  const generic = await import(join(copy, 'renderers', 'generic.js'));
  // The server's list, as web/game_listing.cc writes it; a name that is not
  // a module of the folder is ignored.
  const asked = [];
  globalThis.fetch = async url => {
    asked.push(url);
    return { ok: true, json: async () => ({ games: [
      { name: 'loyalist_spies', renderer: 'loyalist_spies.js' },
      { name: 'adulting', renderer: 'adulting.js' },
      { name: 'kuhn_poker', renderer: null },
      { name: 'sneaky', renderer: '../../evil.js' },
    ] }) };
  };
  const drawn = name => new Promise(resolve => {
    assert.equal(Index.rendererFor(name, resolve), generic, 'the generic one until the module has loaded');
  });
  await drawn('loyalist_spies');
  assert.equal(Index.rendererFor('loyalist_spies'), spies);
  await drawn('adulting');
  assert.equal(Index.rendererFor('adulting'), adulting);
  assert.equal(Index.rendererFor('kuhn_poker'), generic);
  assert.equal(Index.rendererFor('sneaky'), generic);
  assert.deepEqual(asked, ['/api/games'], 'the list is asked for once');
  assert.equal(T.gameName({ welcome: { game: 'loyalist_spies(players=3)' } }), 'loyalist_spies');
});

// js/private_facts.js's stateFlags, which every renderer (the generic one
// included) shades the log by.
const Facts = await import(join(copy, 'private_facts.js'));

test('a spectator has no private entries, even where the JSON looks private', () => {
  const stream = [{ json: { kind: 'top_card', back: 'H-back' } }, { json: { kind: 'deal', seat: 1 } }];
  const state = { ...T.initialState(), welcome: { seat: -1, spectator: true }, stream };
  assert.deepEqual(Facts.stateFlags(state), [false, false]);
  // The fallback alone would have shaded the first.
  assert.equal(Facts.looksPrivate(stream[0].json), true);
});

test('after the end a seat tells its private entries by game_over\'s public stream', () => {
  const publicEntry = { kind: 'reveal', cards: ['3H', 'QS'] };  // names cards and no seat: looks private
  const stream = [{ json: { kind: 'dealt', card: 'KD' } }, { json: publicEntry }];
  const state = { ...T.initialState(), welcome: { seat: 0, spectator: false }, stream,
                  publicKnown: false, gameOver: { public: [{ kind: 'dealt_hidden', seat: 0 }, publicEntry] } };
  assert.deepEqual(Facts.stateFlags(state), [true, false]);
  // Without game_over, the page still guesses (both shaded) until the public stream arrives.
  assert.deepEqual(Facts.stateFlags({ ...state, gameOver: null }), [true, true]);
});
