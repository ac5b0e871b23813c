// The extension point for richer table layouts. A game may have a renderer
// module of its own in this folder: its web part (web/game_part.h, declared
// in web/games/<game>/manifest.cc) names the module, and the server's list
// of games (GET /api/games) gives that name to the page. A
// renderer is found by the game's name (the spec before any "(") in that
// list, and every game without one uses the generic renderer. A renderer
// exports
//
//   render(state, act)
//
// which fills the regions of table.html (#seats, #hand, #table, #turn,
// #actions, #refused, #result, #log) from the state of js/table_state.js and
// calls act(actionText) to play one of state.turn.legal. It reads only the
// messages (its seat's stream, its legal actions): never anything else. It
// may reuse the generic parts (./generic.js) and replace just #hand or
// #table. To add one: write js/renderers/<game>.js (its parsing of the stream
// in a DOM-free <game>_model.js that node can test) and name it in the
// game's web part (tests/web check that the module is embedded);
// docs/web_page.md, "Richer layouts", says more.
import * as generic from './generic.js';

// A module name as a web part gives it: a file of this folder, nothing else.
const MODULE_NAME = /^[a-z0-9_]+\.js$/;

let listing = null;        // the promise of the list, asked for once
let moduleNames = null;    // game name -> its module's file name, once listed
const loaded = new Map();  // module file name -> the module
const loading = new Set(); // module file names asked for

// The renderer of `gameName`: the game's own once it has loaded, the
// generic one until then and for a game without one. `redraw` is called
// once when the game's own has arrived, so that the page draws again.
export function rendererFor(gameName, redraw = () => {}) {
  if (moduleNames === null) {
    if (!listing) {
      listing = fetch('/api/games')
        .then(reply => (reply.ok ? reply.json() : { games: [] }))
        .catch(() => ({ games: [] }))
        .then(({ games }) => {
          moduleNames = new Map();
          for (const g of games) if (MODULE_NAME.test(g.renderer || '')) moduleNames.set(g.name, g.renderer);
        });
    }
    listing.then(() => { if (moduleNames.has(gameName)) rendererFor(gameName, redraw); });
    return generic;
  }
  const name = moduleNames.get(gameName);
  if (!name) return generic;
  if (loaded.has(name)) return loaded.get(name);
  if (!loading.has(name)) {
    loading.add(name);
    import(`./${name}`).then(module => { loaded.set(name, module); redraw(); });
  }
  return generic;
}
