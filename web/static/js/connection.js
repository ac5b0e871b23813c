// The WebSocket to one table, as a seat (with its secret token) or as a
// spectator. It reconnects after a dropped connection (a closed laptop lid,
// a phone changing networks): the server starts a rejoined stream at entry 0,
// so the page simply rebuilds what it shows.
const RETRY_MS = [500, 1000, 2000, 5000];

export function tableSocketUrl(tableId, seatToken) {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = seatToken ? '?seat=' + encodeURIComponent(seatToken) : '';
  return `${protocol}//${location.host}/ws/table/${encodeURIComponent(tableId)}${query}`;
}

// Calls onMessage(object) for every message and onStatus(text) when the
// connection opens, drops or gives up. Returns {send(object), close()}.
export function connect(url, { onMessage, onStatus }) {
  let socket = null;
  let attempt = 0;
  let finished = false;  // the game ended or the table is gone: no reconnecting

  function open() {
    socket = new WebSocket(url);
    socket.addEventListener('open', () => { attempt = 0; onStatus('connected'); });
    socket.addEventListener('message', event => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type === 'game_over' || message.type === 'aborted') finished = true;
      onMessage(message);
    });
    socket.addEventListener('close', event => {
      if (finished) return;
      // 1008 (policy): the server refused this link for good (a wrong token,
      // a full table, a newer tab on this seat, a flood); rejoining would
      // repeat the refusal or take the seat back from the newer tab. Any
      // other close (a dropped network, 1013 when this page fell behind) is
      // mended by rejoining: the stream starts again at entry 0.
      if (event.code === 1008 || attempt >= RETRY_MS.length) {
        onStatus('disconnected' + (event.reason ? ': ' + event.reason : ''));
        return;
      }
      onStatus('reconnecting…');
      setTimeout(open, RETRY_MS[attempt++]);
    });
  }
  open();
  return {
    send(object) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(object));
    },
    close() { finished = true; if (socket) socket.close(); },
  };
}
