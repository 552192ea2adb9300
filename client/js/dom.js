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
