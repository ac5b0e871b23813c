// What a Laws and Disorder table shows, folded from one stream alone (a
// seat's, or the public one for a spectator): who holds which position,
// every seat's monies and hand size, your hand, the laws on the table (with
// their amendments), the law being built, the deck, and the last effects.
// Pure: no DOM (tests/browser/models.test.mjs runs it under node);
// laws_and_disorder.js draws it.
//
// The kinds and fields are docs/protocol.md's "laws_and_disorder" (rules in
// docs/rules/laws_and_disorder.md). Monies are public and every change is in
// the stream: a law's pay, its effects, the $2 of an ability; `final` gives
// the end's figures. A hand's contents are known for your own hand only
// (what you drew, were handed or stole, less what left it).
import { seatOf } from './fold.js';

export const POSITIONS = ['JUDGE', 'BANKER', 'THIEF', 'SCIENTIST', 'MERCHANT', 'PRIEST'];
const DECK_SIZE = 78;
const START_MONIES = 3;
const ABILITY_COST = 2;
const RECENT = 8;  // the last effects kept for the table; the log has them all
const ABILITIES = new Set(['judge_enforce', 'judge_destroy', 'thief', 'scientist_add', 'scientist_take',
                           'merchant_swap', 'merchant_trade', 'priest_swap']);
// The public events the table lists under "Lately".
const NOTED = new Set(['effect', 'no_holder', 'gains', 'loses', 'gives_monies', 'gains_cards', 'loses_cards',
                       'gives_cards', 'nothing_to_give', 'keeps', 'nobody_receives', 'hand_over',
                       'hand_over_hidden', 'dropped', 'take', 'take_seen', 'last_card', 'law_paid', ...ABILITIES]);

export function createLaws(state) {
  const { players, you, spectator } = seatOf(state, 4);
  return {
    players, you, spectator,
    holder: Object.fromEntries(POSITIONS.map(p => [p, null])),  // position -> seat | null
    position: Array(players).fill(null),                          // seat -> position
    monies: Array(players).fill(START_MONIES),
    handSize: Array(players).fill(0),
    hand: [],                 // your cards (a seat's model only)
    laws: new Map(),          // law number -> {number, maker, cards}
    building: null,           // {seat, cards} while a law is being built
    turn: null,               // {number, seat}
    drawn: 0,                 // cards drawn from the deck so far
    lastCard: false,          // the deck ran out: everyone has one more turn
    thiefSaw: null,           // {victim, cards}: the hand your theft showed you
    yourEffect: null,         // {law, seat}: the law taking effect for you now
    recent: [],               // [{json, index}] the last effects and abilities
    final: null,              // seat -> monies, once the game has ended
  };
}

function removeOne(cards, card) {
  const at = cards.indexOf(card);
  if (at >= 0) cards.splice(at, 1);
}

function hold(model, seat, position) {
  for (const p of POSITIONS) if (model.holder[p] === seat) model.holder[p] = null;
  model.holder[position] = seat;
  model.position[seat] = position;
}

function changeHand(model, seat, count, { add = [], remove = [] } = {}) {
  model.handSize[seat] += count;
  if (seat !== model.you) return;
  model.hand.push(...add);
  for (const card of remove) removeOne(model.hand, card);
}

function pay(model, seat, amount) {
  model.monies[seat] = Math.max(0, model.monies[seat] + amount);
}

export function addLaws(model, json, index) {
  const seat = json.seat;
  switch (json.kind) {
    case 'holds': hold(model, seat, json.position); break;
    case 'unheld': model.holder[json.position] = null; break;
    case 'draw_seen': model.drawn += 1; changeHand(model, seat, 1, { add: [json.card] }); break;
    case 'draw': model.drawn += 1; changeHand(model, seat, 1); break;
    case 'turn': model.turn = { number: json.turn, seat }; model.yourEffect = null; model.thiefSaw = null; break;
    case 'last_card': model.lastCard = true; break;
    case 'law_card':
      if (!model.building) model.building = { seat, cards: [] };
      model.building.cards.push(json.card);
      changeHand(model, seat, -1, { remove: [json.card] });
      break;
    case 'law_made':
      model.laws.set(json.law, { number: json.law, maker: seat, cards: [...json.cards] });
      model.building = null;
      break;
    case 'law_paid': pay(model, seat, json.amount); break;
    case 'dropped': model.laws.delete(json.law); break;
    case 'effect': model.yourEffect = seat === model.you ? { law: json.law, seat } : model.yourEffect; break;
    case 'gains': pay(model, seat, json.amount); break;
    case 'loses': pay(model, seat, -json.amount); break;
    case 'gives_monies': pay(model, seat, -json.amount); pay(model, json.to, json.amount); break;
    case 'discard_seen': changeHand(model, seat, -1, { remove: [json.card] }); break;
    case 'discard': changeHand(model, seat, -1); break;
    case 'hand_over':
      changeHand(model, seat, -json.cards.length, { remove: json.cards });
      changeHand(model, json.to, json.cards.length, { add: json.cards });
      break;
    case 'hand_over_hidden': changeHand(model, seat, -json.count); changeHand(model, json.to, json.count); break;
    case 'play_job': changeHand(model, seat, -1, { remove: [json.card] }); break;
    case 'hand_seen': model.thiefSaw = { victim: seat, cards: [...json.cards] }; break;
    case 'take_seen':
      changeHand(model, json.victim, -1, { remove: [json.card] });
      changeHand(model, seat, 1, { add: [json.card] });
      break;
    case 'take': changeHand(model, json.victim, -1); changeHand(model, seat, 1); break;
    case 'final': (model.final || (model.final = Array(model.players).fill(null)))[seat] = json.monies;
      model.monies[seat] = json.monies; break;
    default: break;
  }
  if (ABILITIES.has(json.kind)) useAbility(model, json);
  if (NOTED.has(json.kind)) {
    model.recent.push({ json, index });
    if (model.recent.length > RECENT) model.recent.shift();
  }
}

// An ability costs $2; the amendments change a law and the user's hand.
function useAbility(model, json) {
  const seat = json.seat;
  pay(model, seat, -ABILITY_COST);
  const law = model.laws.get(json.law);
  switch (json.kind) {
    case 'judge_destroy': model.laws.delete(json.law); break;
    case 'scientist_add':
      if (law) law.cards.push(json.card);
      changeHand(model, seat, -1, { remove: [json.card] });
      break;
    case 'scientist_take':
      if (law) removeOne(law.cards, json.card);
      changeHand(model, seat, 1, { add: [json.card] });
      break;
    case 'merchant_swap':
      if (law) law.cards[law.cards.indexOf(json.out)] = json.in;
      changeHand(model, seat, 0, { add: [json.out], remove: [json.in] });
      break;
    case 'priest_swap':
      if (law) law.cards[json.index - 1] = json.in;
      changeHand(model, seat, 0, { add: [json.out], remove: [json.in] });
      break;
    default: break;
  }
}

// The deck's cards left: 78 less every card drawn (the deal included).
export function deckLeft(model) {
  return Math.max(0, DECK_SIZE - model.drawn);
}

const WHEN_WORDS = {
  'WHEN-TURN-START': 'AT THE START OF THEIR TURN',
  'WHEN-LAW-MADE': 'WHEN A LAW IS MADE',
  'WHEN-ABILITY': 'WHEN THEY USE THEIR ABILITY',
};

// One card of a law as words: JUDGE -> THE JUDGE, 3-MONIES -> 3 MONIES.
export function cardWords(card) {
  if (POSITIONS.includes(card)) return `THE ${card}`;
  if (card === 'ANY-POSITION') return 'ANY POSITION';
  if (card in WHEN_WORDS) return WHEN_WORDS[card];
  return card.replace('-', ' ');
}

// A law as the rules write it: THE SCIENTIST GIVES THE BANKER 3 MONIES WHEN
// A LAW IS MADE. A law still being built ends with "…".
export function lawSentence(cards, { unfinished = false } = {}) {
  const words = cards.map(cardWords).join(' ');
  return unfinished ? `${words} …` : words;
}

// What kind of card it is, for its colour: job, object, verb or when.
export function cardKind(card) {
  if (POSITIONS.includes(card) || card === 'ANY-POSITION') return 'job';
  if (card in WHEN_WORDS) return 'when';
  if (card === 'GAINS' || card === 'LOSES' || card === 'GIVES') return 'verb';
  return 'object';
}

// The laws a legal action names (ability judge enforce L4, ... in L4).
export function lawsNamed(legal) {
  const numbers = new Set();
  for (const text of legal || []) for (const match of text.matchAll(/\bL(\d+)\b/g)) numbers.add(Number(match[1]));
  return [...numbers].sort((a, b) => a - b);
}
