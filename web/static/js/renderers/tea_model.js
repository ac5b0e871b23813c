// What a Tea Game table shows, folded from one stream alone (a seat's, or
// the public one for a spectator): the day and game, the biscuit fund, each
// seat's exemptions (a loss exemption through game g, the joker exemption,
// a birthday), your delay, the game under way (who deals, announces,
// withdraws, the orders, every card drawn, reversals and ties, the loser),
// and each seat's tally: teas made, drinks made and received, pence paid.
// Pure: no DOM (tests/browser/models.test.mjs runs it under node); tea_game.js
// draws it.
//
// The kinds and fields are docs/protocol.md's "tea_game" (rules in
// docs/rules/tea_game.md). Everything but your own delay is public.
import { seatOf } from './fold.js';

const RECENT_GAMES = 6;  // finished games kept for the table; the log has them all

export function createTea(state) {
  const { players, you, spectator } = seatOf(state, 5);
  return {
    players, you, spectator,
    day: 0, game: 0,          // the game under way (numbered through the episode)
    fund: 0,                  // pence in the biscuit fund
    exemptThrough: Array(players).fill(null),  // seat -> last game of its loss exemption
    jokerExempt: Array(players).fill(false),
    birthday: Array(players).fill(false),      // today
    delayed: null,            // your delay this game: true, false or null (not told yet)
    current: null,            // the game under way (newGame below)
    games: [],                // the last finished games: {game, day, loser, drinks, note}
    tally: Array.from({ length: players }, () => ({ teas: 0, made: 0, received: 0, pence: 0 })),
    deathmatch: null,         // {fund, draws: [{seat, card}], out: [seats], loser}
  };
}

function newGame(json) {
  return {
    day: json.day, game: json.game,
    dealers: [], plays: [], announced: [], quiet: [], withdrawn: [], stayed: [],
    orders: {},               // seat -> drinks
    draws: {},                // seat -> [cards], redraws included
    reversed: false, ties: [], oddOneOut: null, lot: null,
    loser: null, drinks: 0, nobody: false, notPlayed: false, forfeit: null,
  };
}

export function addTea(model, json) {
  const seat = json.seat;
  const game = model.current;
  switch (json.kind) {
    case 'game_start':
      if (json.day !== model.day) { model.jokerExempt.fill(false); model.birthday.fill(false); }
      model.day = json.day; model.game = json.game;
      model.current = newGame(json);
      model.delayed = null;
      model.deathmatch = null;
      break;
    case 'birthday': model.birthday[seat] = true; break;
    case 'expires': case 'spent': model.exemptThrough[seat] = null; break;
    case 'own_delayed': model.delayed = true; break;
    case 'own_on_time': model.delayed = false; break;
    case 'spend': game && game.dealers.push(seat); break;
    case 'play': game && game.plays.push(seat); break;
    case 'announce': game && game.announced.push(seat); break;
    case 'quiet': game && game.quiet.push(seat); break;
    case 'withdraw': game && game.withdrawn.push(seat); break;
    case 'stay': game && game.stayed.push(seat); break;
    case 'not_played': if (game) { game.notPlayed = true; finish(model, 'not played'); } break;
    case 'order': if (game) game.orders[seat] = json.drinks; break;
    case 'draw': if (game) (game.draws[seat] || (game.draws[seat] = [])).push(json.card); break;
    case 'ten': model.fund = json.fund; model.tally[seat].pence += 10; break;
    case 'queen': payBiscuits(model, json); break;
    case 'joker_exempt': model.jokerExempt[seat] = true; break;
    case 'second_joker': case 'joker_lost': model.jokerExempt[seat] = false; break;
    case 'reversed': if (game) game.reversed = true; break;
    case 'odd_one_out': if (game) game.oddOneOut = seat; break;
    case 'tied': if (game) game.ties.push(seat); break;
    case 'lot': if (game) game.lot = seat; break;
    case 'loser': makeTea(model, seat, json.drinks); break;
    case 'nobody_loses': if (game) { game.nobody = true; finish(model, 'nobody could lose'); } break;
    case 'forfeit': model.exemptThrough[seat] = null; if (game) game.forfeit = seat; break;
    case 'exempt': model.exemptThrough[seat] = json.game; break;
    case 'deathmatch': model.deathmatch = { fund: json.fund, draws: [], out: [], loser: null }; break;
    case 'deathmatch_draw': model.deathmatch && model.deathmatch.draws.push({ seat, card: json.card }); break;
    case 'deathmatch_out': model.deathmatch && model.deathmatch.out.push(seat); break;
    case 'deathmatch_loser':
      model.fund = json.fund;
      if (model.deathmatch) model.deathmatch.loser = { seat, taken: json.taken };
      break;
    default: break;
  }
}

// The Queen of Hearts: the fund pays first, the players drawing this game
// share the rest (the stream says how many and how much each).
function payBiscuits(model, json) {
  model.fund = json.fund;
  const game = model.current;
  if (!game || json.each <= 0) return;
  for (const seat of Object.keys(game.draws).map(Number)) model.tally[seat].pence += json.each;
}

// The loser makes every drink ordered; everyone who ordered receives theirs.
function makeTea(model, seat, drinks) {
  const game = model.current;
  model.tally[seat].teas += 1;
  model.tally[seat].made += drinks;
  if (game) {
    for (const [orderer, count] of Object.entries(game.orders)) model.tally[Number(orderer)].received += count;
    game.loser = seat;
    game.drinks = drinks;
  }
  finish(model, `P${seat} made ${drinks} drinks`);
}

function finish(model, note) {
  const game = model.current;
  if (!game || game.finished) return;
  game.finished = true;
  model.games.push({ game: game.game, day: game.day, loser: game.loser, drinks: game.drinks, note });
  if (model.games.length > RECENT_GAMES) model.games.shift();
}

// Whether `seat` holds a loss exemption now.
export function isExempt(model, seat) {
  return model.exemptThrough[seat] !== null && model.exemptThrough[seat] >= model.game;
}

// The drinks ordered so far this game, in all.
export function drinksOrdered(game) {
  return game ? Object.values(game.orders).reduce((sum, n) => sum + n, 0) : 0;
}
