// Keeps a renderer's model between draws and folds only the entries that are
// new since the last one, so that a message costs the same at entry 2,000 as
// at entry 20. A model is written as a fold: `create(state)` makes the empty
// model of a table (from its welcome), `add(model, json, index, entry)` reads
// one observation into it (`entry` is {json, text}). The fold starts again from nothing when the stream is
// not the one folded so far plus new entries: another table or seat, a
// rejoin that resent the stream, or the replay viewer stepping back.

// The table and seat a state belongs to (the viewer builds a new welcome
// object at every step, so compare what it says, not the object).
function tableKey(state) {
  const w = state.welcome || {};
  return `${w.table}|${w.game}|${w.seat}|${w.spectator}`;
}

export function foldCache(create, add) {
  let cache = null;  // {key, count, lastJson, model}
  return function modelOf(state) {
    const stream = state.stream;
    const key = tableKey(state);
    const continues = cache && cache.key === key && stream.length >= cache.count &&
      (cache.count === 0 || (stream[cache.count - 1].json || stream[cache.count - 1]) === cache.lastJson);
    if (!continues) cache = { key, count: 0, lastJson: null, model: create(state) };
    for (let i = cache.count; i < stream.length; ++i) add(cache.model, stream[i].json || stream[i], i, stream[i]);
    cache.count = stream.length;
    if (stream.length) cache.lastJson = stream[stream.length - 1].json || stream[stream.length - 1];
    return cache.model;
  };
}

// The whole stream folded at once: what node tests and one-off readers use.
export function foldAll(create, add, state) {
  const model = create(state);
  state.stream.forEach((entry, i) => add(model, entry.json || entry, i, entry));
  return model;
}

// Who the state's page is: {players, you (-1 for a spectator), spectator}.
export function seatOf(state, defaultPlayers) {
  const welcome = state.welcome || {};
  const spectator = !!welcome.spectator || !(welcome.seat >= 0);
  return { players: welcome.players || defaultPlayers, you: spectator ? -1 : welcome.seat, spectator };
}
