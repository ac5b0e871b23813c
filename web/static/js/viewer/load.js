// Fetches the viewer document of one game of a replay: a file the server
// lists (GET /api/replays/<file>/view?game=N) or the bytes of a file the
// user picked (POST /api/replays/view?game=N), a replay file or a seat
// record. Resolves to the checked document, or rejects with an Error whose
// message is what to show: the server's own reason when it gives one.
import { checkDocument } from './view_state.js';

export function listedUrl(file, game) {
  return `/api/replays/${encodeURIComponent(file)}/view?game=${game}`;
}

export function uploadUrl(game) {
  return `/api/replays/view?game=${game}`;
}

async function documentOf(reply) {
  let body = null;
  try { body = await reply.json(); } catch { body = null; }
  if (!reply.ok) {
    const reason = body && typeof body.error === 'string' ? body.error : `the server answered ${reply.status}`;
    throw new Error(reason);
  }
  return checkDocument(body);
}

export async function loadListed(file, game) {
  return documentOf(await fetch(listedUrl(file, game)));
}

// `bytes` is an ArrayBuffer of the .kbr file or the seat record (.json); the
// server reads it as it is and tells the two apart.
export async function loadUploaded(bytes, game) {
  return documentOf(await fetch(uploadUrl(game), {
    method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: bytes,
  }));
}
