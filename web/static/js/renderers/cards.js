// Cards drawn as cards, and the other parts the games' richer renderers
// (loyalist_spies.js, adulting.js) share; the look is in /cards.css. Every card is an element with its
// name as text and an aria-label, so a screen reader and a search of the page
// read it like the log does. A card that plays a legal action is a button
// calling act(text) exactly as the action buttons do.
import { el } from '../dom.js';

export const SUIT_SYMBOL = { D: '♦', S: '♠', H: '♥', C: '♣' };
export const SUIT_WORD = { D: 'diamonds', S: 'spades', H: 'hearts', C: 'clubs' };
export const RED_SUITS = new Set(['D', 'H']);

// A card's face. `corner` is the small text top left (a rank), `center` the
// big one (a suit symbol, a name), `suits` the suit letters that colour it,
// `label` what a screen reader says. `action` ({text, act}) makes it a
// button; `marks` adds classes (e.g. 'kept', 'mine', 'new').
export function cardFace({ corner = '', center = '', foot = '', suits = [], label = '', action = null,
                           marks = [], title = null }) {
  const colour = suits.length === 0 ? 'plain' : suits.every(s => RED_SUITS.has(s)) ? 'red'
               : suits.some(s => RED_SUITS.has(s)) ? 'mixed' : 'black';
  const classes = ['card', 'face', colour, ...marks].join(' ');
  const parts = [
    el('span', { class: 'card-corner', 'aria-hidden': 'true' }, corner),
    el('span', { class: 'card-center', 'aria-hidden': 'true' }, center),
    foot ? el('span', { class: 'card-foot', 'aria-hidden': 'true' }, foot) : null,
  ];
  if (action) {
    return el('button', { type: 'button', class: classes + ' playable', 'aria-label': `${action.text} (${label})`,
                          title: action.text, onclick: () => action.act(action.text) }, parts);
  }
  return el('span', { class: classes, role: 'img', 'aria-label': label, title: title || label }, parts);
}

// A card seen from the back: a face-down mission card, a card in another
// seat's hand. `suits` colours a back whose suit shows (Adulting's backs).
export function cardBack({ label = 'a face-down card', text = '', suits = [], marks = [] } = {}) {
  const classes = ['card', 'back', ...suits.map(s => 'back-' + s), ...marks].join(' ');
  return el('span', { class: classes, role: 'img', 'aria-label': label, title: label },
            text ? el('span', { class: 'card-center', 'aria-hidden': 'true' }, text) : null);
}

// A row of cards (or a line saying there are none).
export function cardRow(cards, { empty = 'none', small = false, label = null } = {}) {
  const row = el('div', { class: small ? 'card-row small' : 'card-row', role: label ? 'group' : null,
                          'aria-label': label });
  if (cards.length === 0) row.append(el('span', { class: 'empty' }, empty));
  else row.append(...cards);
  return row;
}

// Several face-down backs, e.g. a hand of 4 unseen cards.
export function backs(count, options = {}) {
  return Array.from({ length: Math.max(0, count) }, () => cardBack(options));
}

// Which legal action names each card: {cardName: actionText} for the legal
// actions that read `<verb> <card>` (play QS, keep 7H, discard 4C). Only
// when the seat is to act, so a card is clickable exactly while its button is.
export function cardActions(state, verbs) {
  const actions = {};
  if (!state.turn || !state.turn.to_act || state.gameOver) return actions;
  for (const text of state.turn.legal || []) {
    const [verb, card, ...rest] = text.split(' ');
    if (verbs.includes(verb) && card && rest.length === 0 && !(card in actions)) actions[card] = text;
  }
  return actions;
}

// Sets a region's children when the page has it: the replay viewer may reuse
// a renderer on a page without every region of table.html.
export function fillIf(id, ...children) {
  const node = typeof document !== 'undefined' ? document.getElementById(id) : null;
  if (node) node.replaceChildren(...children.flat().filter(c => c != null));
  return node;
}

// Whether the page has a region: the replay viewer may reuse a renderer on a
// page without every region of table.html.
export function hasRegion(id) {
  return typeof document !== 'undefined' && !!document.getElementById(id);
}

// A titled block inside a panel.
export function block(title, ...children) {
  return el('section', { class: 'block' }, el('h3', {}, title), ...children);
}

const RANK_LABEL = { T: '10' };
const RANK_NAME = { T: '10', J: 'jack', Q: 'queen', K: 'king', A: 'ace' };

// A card of a standard pack by its name in a stream: "7H", "TD", "AS@blue"
// (the part after @ is the pack's back, written small), "Ks" or "Jh" (Leduc's
// lower-case suits), "J" (Kuhn's suitless ranks), "Joker", "Reverse-Joker".
export function playingCard(name, { marks = [], action = null } = {}) {
  const [face, back] = String(name).split('@');
  if (/joker/i.test(face)) {
    return cardFace({ corner: '★', center: face.replace('-', ' '), label: face.replace('-', ' ').toLowerCase(),
                      marks: ['joker', ...marks], action });
  }
  const suit = face.length > 1 ? face.slice(-1).toUpperCase() : null;
  const rank = suit ? face.slice(0, -1) : face;
  const label = `${RANK_NAME[rank] || rank}${suit ? ' of ' + SUIT_WORD[suit] : ''}${back ? ' (' + back + ' back)' : ''}`;
  return cardFace({ corner: RANK_LABEL[rank] || rank, center: suit ? SUIT_SYMBOL[suit] : rank,
                    foot: back || '', suits: suit ? [suit] : [], label: `${label} (${name})`, marks, action });
}
