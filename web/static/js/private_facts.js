// Which entries of your stream are your hand and private facts, for every
// game, from the observations' JSON alone.
//
// The rule: a private fact is an observation of your stream that the public
// does not see. The table page opens a spectator connection beside the
// seat's and receives the public stream (what an onlooker sees: seat_stream
// of kSpectator); each entry of your stream whose JSON also appears in the
// public stream is public (matched one for one, so two identical public
// events stay two), and every other entry is private: "dealt K" is private
// where the public saw "P0 is dealt a card", while "P1 bets" is in both.
// This needs no list of kinds per game and cannot call a public event
// private once both streams have arrived.
//
// Until the public stream is known (or where the server refuses a
// spectator), a fallback reads the JSON itself: an entry is private when its
// kind ends in "_seen" or starts with "own_" (a hidden fact shown to you: a
// peek, a card passed to you, your own delay), or when it names a card (a
// string or list-of-strings field) and no "seat" (your own card: "dealt K",
// "your ace is 3H", "you draw 7C"). The fallback errs both ways (Leduc's
// "public card K" names a card and no seat), which is why it is only a
// fallback.

// The flags of a table state's stream (js/table_state.js): none for a
// spectator, whose stream is the public one (the fallback would shade
// "top card H-back"); for a seat, the rule above, on the whole public stream
// of game_over once the game has ended (a page opened after the end closes
// its public connection before that stream arrives).
export function stateFlags(state) {
  const mode = !state.welcome || state.welcome.spectator ? 'spectator'
    : state.gameOver && state.gameOver.public ? 'over' : state.publicKnown ? 'public' : 'fallback';
  const publicStream = mode === 'over' ? state.gameOver.public : mode === 'public' ? state.publicStream : [];
  return flagFold.update(mode, state.stream, publicStream);
}

// The same flags, kept between draws: each new entry of either stream is
// matched as it comes (an entry of yours waits, private, for its public
// copy; a public entry marks the earliest waiting one), so a message costs
// its new entries only. This gives privateFlags' answer: for each kind of
// observation, the first entries of yours are the public ones, as many as
// the public stream holds. It starts again when the mode changes or a
// stream is not the one seen so far plus new entries.
const flagFold = {
  cache: null,
  update(mode, stream, publicStream) {
    let c = this.cache;
    const continues = (list, count, last) => list.length >= count && (count === 0 || entryJson(list[count - 1]) === last);
    if (!c || c.mode !== mode || !continues(stream, c.seatCount, c.seatLast) ||
        !continues(publicStream, c.publicCount, c.publicLast)) {
      c = this.cache = { mode, seatCount: 0, seatLast: null, publicCount: 0, publicLast: null, flags: [],
                         unmatched: new Map(), waiting: new Map() };
    }
    for (let i = c.publicCount; i < publicStream.length; ++i) addPublic(c, canonical(entryJson(publicStream[i])));
    for (let i = c.seatCount; i < stream.length; ++i) addOwn(c, stream[i].json);
    c.seatCount = stream.length;
    c.publicCount = publicStream.length;
    if (stream.length) c.seatLast = stream[stream.length - 1].json;
    if (publicStream.length) c.publicLast = entryJson(publicStream[publicStream.length - 1]);
    return c.flags;
  },
};

function entryJson(entry) {
  return entry && entry.json !== undefined ? entry.json : entry;
}

function addPublic(c, key) {
  const waiting = c.waiting.get(key);
  if (waiting && waiting.length) c.flags[waiting.shift()] = false;
  else c.unmatched.set(key, (c.unmatched.get(key) || 0) + 1);
}

function addOwn(c, json) {
  const index = c.flags.length;
  if (c.mode === 'spectator') { c.flags.push(false); return; }
  if (c.mode === 'fallback') { c.flags.push(looksPrivate(json)); return; }
  const key = canonical(json);
  const left = c.unmatched.get(key) || 0;
  if (left > 0) { c.unmatched.set(key, left - 1); c.flags.push(false); return; }
  c.flags.push(true);
  (c.waiting.get(key) || c.waiting.set(key, []).get(key)).push(index);
}

// Returns one boolean per entry of `stream` ([{json}]).
export function privateFlags(stream, publicStream, publicKnown) {
  if (!publicKnown) return stream.map(entry => looksPrivate(entry.json));
  const unmatched = new Map();
  for (const json of publicStream) {
    const key = canonical(json);
    unmatched.set(key, (unmatched.get(key) || 0) + 1);
  }
  return stream.map(entry => {
    const key = canonical(entry.json);
    const left = unmatched.get(key) || 0;
    if (left === 0) return true;
    unmatched.set(key, left - 1);
    return false;
  });
}

export function looksPrivate(json) {
  const kind = String(json.kind || '');
  if (kind.endsWith('_seen') || kind.startsWith('own_')) return true;
  let card = false;
  for (const [field, value] of Object.entries(json)) {
    if (field === 'kind') continue;
    if (typeof value === 'string' || (Array.isArray(value) && value.every(v => typeof v === 'string'))) {
      card = true;
    }
  }
  return card && !('seat' in json);
}

// Fields in a fixed order, so equal observations give equal keys.
function canonical(json) {
  return JSON.stringify(Object.keys(json).sort().map(key => [key, json[key]]));
}
