// What a Spoon Nomic table shows, folded from one stream alone (a seat's, or
// the public one for a spectator): the nweek, each seat's points, the
// proposal on the table (its change for every seat) and the votes on it,
// the cards each seat was dealt as backs (the Dealer's Report: red, blue,
// fish or corporate), your own cards face up, the earlier proposals, and at
// the end every hand shown with its bonus. Pure: no DOM
// (tests/browser/models.test.mjs runs it under node); spoon_nomic.js draws it.
//
// The kinds and fields are docs/protocol.md's "spoon_nomic" (rules in
// docs/rules/spoon_nomic.md).
import { seatOf } from './fold.js';

export const BACKS = ['red', 'blue', 'fish', 'corporate'];
const RECENT = 6;  // the earlier proposals kept for the table; the log has them all

export function createSpoon(state) {
  const { players, you, spectator } = seatOf(state, 4);
  return {
    players, you, spectator,
    nweek: 1,
    points: Array(players).fill(0),
    backs: Array.from({ length: players }, () => []),  // seat -> the backs of its cards, in order dealt
    hand: [],                 // your cards
    rerolls: 0,
    proposal: null,           // {nweek, change: [per seat], votes: [{seat, vote}], result}
    earlier: [],              // the last proposals decided
    shown: Array(players).fill(null),  // seat -> its hand, at the end
  };
}

function proposalOf(model) {
  if (!model.proposal || model.proposal.result) {
    if (model.proposal) {
      model.earlier.push(model.proposal);
      if (model.earlier.length > RECENT) model.earlier.shift();
    }
    model.proposal = { nweek: model.nweek, change: Array(model.players).fill(null), votes: [], result: null };
  }
  return model.proposal;
}

export function addSpoon(model, json) {
  const seat = json.seat;
  switch (json.kind) {
    case 'nweek': model.nweek = json.nweek; break;
    case 'dealt_seen':
      model.backs[seat].push(backOf(json.card));
      if (seat === model.you) model.hand.push(json.card);
      break;
    case 'dealt_red': case 'dealt_blue': case 'dealt_fish': case 'dealt_corporate':
      model.backs[seat].push(json.kind.slice('dealt_'.length));
      break;
    case 'roll_again': model.rerolls += 1; break;
    case 'proposal': proposalOf(model).change[seat] = json.change; break;
    case 'vote_yes': proposalOf(model).votes.push({ seat, vote: 'yes' }); break;
    case 'vote_no': proposalOf(model).votes.push({ seat, vote: 'no' }); break;
    case 'abstain': proposalOf(model).votes.push({ seat, vote: 'abstains' }); break;
    case 'passes': case 'fails': {
      const proposal = proposalOf(model);
      proposal.result = { passed: json.kind === 'passes', yes: json.yes, no: json.no };
      if (json.kind === 'passes') proposal.change.forEach((c, s) => { model.points[s] += c || 0; });
      break;
    }
    case 'shows': model.shown[seat] = [...json.hand]; break;
    default: break;
  }
}

// "7D@fish" -> 'fish'; "7D" -> 'red' (the first pack).
export function backOf(card) {
  const at = String(card).indexOf('@');
  return at < 0 ? 'red' : card.slice(at + 1);
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
const HAND_NAMES = ['high card', 'pair', 'two pair', 'three of a kind', 'straight', 'flush', 'full house',
                    'four of a kind', 'straight flush', 'five of a kind'];

// Whether `ranks` (a set of 1..13, the Ace also 14) holds five in a row.
function hasStraight(ranks) {
  const high = new Set([...ranks, ...(ranks.has(1) ? [14] : [])]);
  for (let low = 1; low <= 10; ++low) {
    let run = true;
    for (let r = low; r < low + 5; ++r) if (!high.has(r)) run = false;
    if (run) return true;
  }
  return false;
}

// The bonus of a hand's best five-card category (the rules' table: high
// card 0 .. five of a kind 9); a copy from another pack counts again.
export function handBonus(cards) {
  const parsed = cards.map(name => {
    const face = String(name).split('@')[0];
    return { rank: RANKS.indexOf(face.slice(0, -1)) + 1, suit: face.slice(-1) };
  });
  const counts = new Map();
  for (const c of parsed) counts.set(c.rank, (counts.get(c.rank) || 0) + 1);
  const sizes = [...counts.values()].sort((a, b) => b - a);
  const bySuit = new Map();
  for (const c of parsed) (bySuit.get(c.suit) || bySuit.set(c.suit, []).get(c.suit)).push(c.rank);
  const flushSuits = [...bySuit.values()].filter(ranks => ranks.length >= 5);
  if (sizes[0] >= 5) return 9;
  if (flushSuits.some(ranks => hasStraight(new Set(ranks)))) return 8;
  if (sizes[0] >= 4) return 7;
  if (sizes[0] >= 3 && sizes[1] >= 2) return 6;
  if (flushSuits.length) return 5;
  if (hasStraight(new Set(counts.keys()))) return 4;
  if (sizes[0] >= 3) return 3;
  if (sizes[0] >= 2 && sizes[1] >= 2) return 2;
  if (sizes[0] >= 2) return 1;
  return 0;
}

export function handName(bonus) {
  return HAND_NAMES[bonus];
}

// Each seat's score at the end: points plus its shown hand's bonus.
export function finalScores(model) {
  return model.points.map((points, seat) => {
    const bonus = model.shown[seat] ? handBonus(model.shown[seat]) : 0;
    return { points, bonus, score: points + bonus };
  });
}
