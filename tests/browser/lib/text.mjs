// Whether `text` shows `fact` as a whole phrase: "dealt Jk" is not shown by
// "dealt Jk2", nor "dealt 2S" by "dealt 2SX".
export function shows(text, fact) {
  const escaped = fact.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9])${escaped}($|[^A-Za-z0-9])`).test(text);
}
