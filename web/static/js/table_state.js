// What the table page knows, built from the server's messages alone
// (web/message_json.h): apply(state, message) returns the next state.
// Nothing here touches the page, so a renderer only reads a state.
export function initialState() {
  return {
    welcome: null,     // {table, game, players, seat, spectator, seats}
    stream: [],        // your stream: [{json, text, notes}], the game's own forms and
                       // what its rules derive (null, or an object: web/message_json.h)
    publicStream: [],  // the public stream's JSON (for telling private facts)
    publicKnown: false,
    turn: null,        // {to_act, legal}
    gameOver: null,    // {returns, streams, public, history}
    aborted: null,     // reason
    notice: null,      // the server's last "refused" or "error", as a line to show
  };
}

export function apply(state, message) {
  switch (message.type) {
    case 'welcome':
      return { ...state, welcome: message };
    case 'observations': {
      // A rejoin starts again at entry 0: keep what came before `from`.
      const notes = Array.isArray(message.notes) ? message.notes : [];
      const added = message.observations.map((json, i) => ({ json, text: message.text[i], notes: notes[i] || null }));
      return { ...state, stream: state.stream.slice(0, message.from).concat(added), notice: null };
    }
    case 'turn':
      return { ...state, turn: message };
    case 'refused':  // your action was not taken (not legal, not your turn, too fast)
      return { ...state, notice: 'Refused: ' + (message.reason || 'no reason given') };
    case 'error':    // a message the server could not read, or a link it will not join
      return { ...state, notice: 'Error: ' + (message.reason || 'no reason given') };
    case 'game_over':
      return { ...state, gameOver: message, turn: null };
    case 'aborted':
      return { ...state, aborted: message.reason || 'the table stopped', turn: null };
    default:
      return state;  // a message type this page does not know yet
  }
}

// The public stream, from a spectator connection opened beside a seat's.
export function applyPublic(state, message) {
  if (message.type !== 'observations') return state;
  const known = state.publicStream.slice(0, message.from).concat(message.observations);
  return { ...state, publicStream: known, publicKnown: true };
}

// "loyalist_spies" for "loyalist_spies(players=5)".
export function gameName(state) {
  const spec = state.welcome ? state.welcome.game : '';
  return spec.split('(')[0].trim();
}

// "loyalist_spies(players=4,deal=keep5)" -> {players: '4', deal: 'keep5'}.
export function specParams(spec) {
  const params = {};
  const inside = /\((.*)\)/.exec(spec || '');
  if (!inside) return params;
  for (const pair of inside[1].split(',')) {
    const [key, value] = pair.split('=');
    if (key && value !== undefined) params[key.trim()] = value.trim();
  }
  return params;
}
