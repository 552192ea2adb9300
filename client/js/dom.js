// A small element builder: h("button", {class: "x", onclick: fn, "data-testid": "y"}, "text").
// Text children are always text nodes (never parsed as HTML); only the `html` attribute
// sets markup, and it is used for the SVG this client draws itself.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "html") el.innerHTML = value;
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "value") el.value = value;
    else if (key === "checked") el.checked = Boolean(value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}


/** A short message at the bottom of the screen. kind: "error" | "info". */
export function toast(text, kind = "error") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = h("div", { class: `toast toast-${kind}`, role: "status", "data-testid": "toast" }, text);
  box.append(item);
  while (box.children.length > 3) box.firstElementChild.remove();
  setTimeout(() => item.classList.add("toast-out"), 4200);
  setTimeout(() => item.remove(), 4600);
}

/** Copy text to the clipboard, with a fallback for pages that are not a secure context. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand("copy");
  }
}

const ICONS = {
  bot:
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><line x1="12" y1="2.5" x2="12" y2="6" stroke="currentColor" stroke-width="2"/>' +
    '<circle cx="12" cy="2.5" r="1.6" fill="currentColor"/><rect x="4" y="6" width="16" height="13" rx="4" fill="currentColor"/>' +
    '<circle cx="9" cy="12" r="2" fill="#fff"/><circle cx="15" cy="12" r="2" fill="#fff"/><rect x="8.5" y="15.5" width="7" height="1.6" rx="0.8" fill="#fff"/>' +
    '<rect x="1.5" y="10" width="2.5" height="5" rx="1" fill="currentColor"/><rect x="20" y="10" width="2.5" height="5" rx="1" fill="currentColor"/></svg>',
  eye:
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M1 12 C5 5 19 5 23 12 C19 19 5 19 1 12 Z" fill="none" stroke="currentColor" stroke-width="2"/>' +
    '<circle cx="12" cy="12" r="3.5" fill="currentColor"/></svg>',
};

/** A small inline icon (drawn here, no emoji fonts needed). */
export function icon(name, cls = "icon") {
  return h("span", { class: `${cls} icon-${name}`, html: ICONS[name] });
}
