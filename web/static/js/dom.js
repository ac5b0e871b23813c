// el(tag, attributes, ...children): the one way the pages build elements.
// Text goes in as text nodes, never as HTML, so nothing a game or another
// person writes can inject markup.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Replaces what is inside the element with id `id`.
export function fill(id, ...children) {
  document.getElementById(id).replaceChildren(...children.flat().filter(c => c != null));
}
