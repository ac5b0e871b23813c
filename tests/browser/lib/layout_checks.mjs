// What a person must be able to see when a decision is due: the decision's
// buttons and its context (#context) lie inside the viewport, uncut, and the
// page does not scroll sideways. A list of choices too long for half the
// screen scrolls inside itself: then the list's box must be in view. Run in the page: returns the problems found
// ([] when none), each a sentence naming the element and where it lies.
export async function decisionProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    const describe = node => (node.id ? '#' + node.id : `button "${node.textContent.trim().slice(0, 40)}"`);
    const check = node => {
      const r = node.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return;
      if (r.top < 0 || r.bottom > height + 0.5 || r.left < 0 || r.right > width + 0.5) {
        problems.push(`${describe(node)} lies at ${Math.round(r.left)},${Math.round(r.top)}` +
                      `-${Math.round(r.right)},${Math.round(r.bottom)} outside ${width}x${height}`);
      }
      if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible') {
        problems.push(`${describe(node)} cuts its content (${node.scrollWidth} > ${node.clientWidth})`);
      }
    };
    // A long list of choices scrolls inside #actions (style.css, .actions.many):
    // then the list's box must be in view, and each button inside it across.
    const actions = document.getElementById('actions');
    if (actions.scrollHeight > actions.clientHeight + 1) {
      check(actions);
      const box = actions.getBoundingClientRect();
      for (const button of actions.querySelectorAll('button')) {
        const r = button.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5) problems.push(`${describe(button)} is cut across`);
      }
    } else {
      for (const button of actions.querySelectorAll('button')) check(button);
    }
    const context = document.getElementById('context');
    if (context && context.childNodes.length) check(context);
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    }
    return problems;
  });
}

// Whether the decision shows any context above its buttons.
export async function hasContext(page) {
  return page.evaluate(() => (document.getElementById('context').textContent || '').trim().length > 0);
}
