// What a page received over its WebSockets, frame by frame (Playwright's
// websocket events), so a test checks privacy on the wire and not only in
// the page: a seat page's own seat socket (?seat=TOKEN) and its public one.
export function recordFrames(page) {
  const frames = [];  // {seatSocket, message}
  page.on('websocket', socket => {
    const seatSocket = new URL(socket.url()).searchParams.has('seat');
    socket.on('framereceived', frame => {
      if (typeof frame.payload !== 'string') return;
      frames.push({ seatSocket, message: JSON.parse(frame.payload) });
    });
  });
  return frames;
}

// The entries a socket was sent before its game_over, each with its index
// in the stream ({index, json, text}), and the game_over message itself.
export function streamEntries(frames, seatSocket) {
  const entries = [];
  let gameOver = null;
  for (const { seatSocket: fromSeat, message } of frames) {
    if (fromSeat !== seatSocket) continue;
    if (message.type === 'game_over') gameOver = gameOver || message;
    if (message.type !== 'observations' || gameOver) continue;
    message.observations.forEach((json, i) =>
      entries.push({ index: message.from + i, json: JSON.stringify(json), text: (message.text || [])[i] }));
  }
  return { entries, gameOver };
}
