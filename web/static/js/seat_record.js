// The seat record of a game played at this table (docs/replays.md, "Seat
// records"): the person's own stream, each action they took with how much
// of the stream they had seen, and the returns at the end. Built in the
// browser from what the page was sent, so it holds nothing the seat did not
// see; `kibitz review FILE` reviews it. DOM-free: node can test it.

// The decisions so far after the person sent `action` with `streamSize`
// entries seen. A repeat at the same point (a refused action taken again)
// replaces the one before.
export function withDecision(decisions, streamSize, action) {
  const kept = decisions.length && decisions[decisions.length - 1].stream_size === streamSize
    ? decisions.slice(0, -1) : decisions;
  return kept.concat([{ stream_size: streamSize, played: action, advised: '' }]);
}

// The last decision taken back (the server refused it).
export function withoutLast(decisions) {
  return decisions.slice(0, -1);
}

// The record's JSON text for `state` (js/table_state.js) once the game is
// over, or null when the page is not a seat's or the game not over.
export function seatRecordText(state, decisions) {
  const welcome = state.welcome;
  if (!welcome || welcome.spectator || !state.gameOver) return null;
  const stream = state.stream.map(entry => '    ' + JSON.stringify(entry.json));
  const lines = decisions.map(d => '    ' + JSON.stringify(d));
  const returns = Array.isArray(state.gameOver.returns) ? JSON.stringify(state.gameOver.returns) : 'null';
  return '{\n' +
    '  "format": "kibitz-seat-record",\n  "version": 1,\n' +
    `  "game": ${JSON.stringify(welcome.game)},\n  "seat": ${JSON.stringify(welcome.seat)},\n` +
    '  "agent": "",\n  "source": "kibitz serve",\n  "start_time": "",\n' +
    `  "stream": [\n${stream.join(',\n')}\n  ],\n` +
    `  "decisions": [${lines.length ? '\n' + lines.join(',\n') + '\n  ' : ''}],\n` +
    `  "returns": ${returns}\n}\n`;
}

// The file name offered: the game's name, the seat, the table.
export function seatRecordName(state) {
  const game = (state.welcome.game || 'game').split('(')[0].trim().replace(/[^a-z0-9_]/gi, '_');
  const table = String(state.welcome.table || 'table').replace(/[^a-z0-9_-]/gi, '_');
  return `${game}-P${state.welcome.seat}-${table}.seat.json`;
}
