// The extension point for richer table layouts. A game may have a renderer
// module of its own, looked up here by the game's name (the spec before any
// "(": "loyalist_spies" for "loyalist_spies(players=5)"); every other game
// uses the generic one. A renderer exports
//
//   render(state, act)
//
// which fills the regions of table.html (#seats, #hand, #table, #turn,
// #actions, #refused, #result, #log) from the state of js/table_state.js and
// calls act(actionText) to play one of state.turn.legal. It reads only the
// messages (its seat's stream, its legal actions): never anything else. It
// may reuse the generic parts (./generic.js) and replace just #hand or
// #table. To add one: write js/renderers/<game>.js (its parsing of the stream
// in a DOM-free <game>_model.js that node can test), import it below and add
// it to RENDERERS (the embedding test checks the import resolves);
// docs/web_page.md, "Richer layouts", says more.
import * as generic from './generic.js';
import * as loyalistSpies from './loyalist_spies.js';
import * as adulting from './adulting.js';

const RENDERERS = {
  loyalist_spies: loyalistSpies,
  adulting,
};

export function rendererFor(gameName) {
  return RENDERERS[gameName] || generic;
}
