// The DOM writes webapp/page/board.py hands over in one call each (one call per attribute, append
// and animation took 1-3 ms of Python for a long run). They live here, in a module of the
// site, and not as JavaScript in Python strings made into functions at run time: the page's
// Content-Security-Policy allows no code built from strings (docs/security.md).
// pyodide-boot.mjs registers this module for Python as `scorpion_dom`; dom.py looks it up
// at first use (never at import: the Python memory snapshot holds the imports).
//
// A card's `style` is written through the CSSOM (`element.style.cssText`): the policy
// refuses style attributes written as markup or with setAttribute, not the CSSOM.

function setAttribute(element, name, value) {
  if (name === "style") element.style.cssText = value ?? "";
  else if (value == null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/**
 * Board.update: `writes`: [element, [name, value, ...], html] per changed card (a null
 * value removes the attribute, a null html keeps the picture). `moves`: [element, new
 * parent, dx, dy, glide, gx, gy, delay, duration] per card changing container, in stacking
 * order (a duration of 0: the shared `timing`; else the card's flight): (dx, dy)
 * from its new resting place to its old one (and any drag), `glide` its last glide, which
 * started (gx, gy) away. A glide still running is read (its eased progress), then
 * cancelled, before any write, and the new glide starts where the card is seen. Returns
 * [animation or undefined, dx, dy] per move.
 */
export function apply(writes, moves, animate, timing) {
  const starts = moves.map(([element, parent, dx, dy, glide, gx, gy]) => {
    if (glide) {
      const progress = glide.effect.getComputedTiming().progress;
      glide.cancel();
      if (progress != null) {
        dx += gx * (1 - progress);
        dy += gy * (1 - progress);
      }
    }
    return [dx, dy];
  });
  for (const [element, attributes, html] of writes) {
    for (let i = 0; i < attributes.length; i += 2) setAttribute(element, attributes[i], attributes[i + 1]);
    if (html != null) element.innerHTML = html;
  }
  return moves.map(([element, parent, , , , , , delay, duration], i) => {
    parent.appendChild(element);
    const [dx, dy] = starts[i];
    if (!animate) return [undefined, 0, 0]; // undefined: None in Python
    const from = `${dx.toFixed(1)}px ${dy.toFixed(1)}px`;
    // A card flying to its place (or back) waits its turn where it was seen.
    const own = duration ? { ...timing, delay, duration, fill: "backwards" } : timing;
    return [element.animate({ translate: [from, "0px 0px"] }, own), dx, dy];
  });
}

/** Board.mount: each container's children get their styles, in order (`styles`: [container,
 * [style, ...]] per container). */
export function style(styles) {
  for (const [container, list] of styles) {
    const children = container.children;
    for (let i = 0; i < list.length; i++) children[i].style.cssText = list[i];
  }
}

/**
 * Chrome.write: every given text and attribute, leaving alone those the page already shows
 * (HTML's English, the saved board's paint: an unchanged page needs no new layout);
 * returns the ids it did not find.
 */
export function writeAll(document, texts, attrs) {
  const missing = [];
  for (const [id, text] of texts) {
    const element = document.getElementById(id);
    if (!element) missing.push(id);
    else if (element.textContent !== text) element.textContent = text;
  }
  for (const [id, name, value] of attrs) {
    const element = document.getElementById(id);
    if (!element) missing.push(id);
    else if (element.getAttribute(name) !== value) setAttribute(element, name, value);
  }
  return missing.join(" ");
}

/**
 * Chrome.listening_together: `listeners`: [element id, event type, index] each, added in
 * order, each calling `dispatch(index, event)`. Returns the first id with no element (then
 * nothing is added), or "".
 */
export function listenAll(document, listeners, dispatch) {
  for (const [id] of listeners) if (!document.getElementById(id)) return id;
  for (const [id, type, index] of listeners) {
    document.getElementById(id).addEventListener(type, (event) => dispatch(index, event));
  }
  return "";
}
