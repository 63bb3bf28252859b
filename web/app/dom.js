// Two tiny DOM helpers shared by every module of the page.

export const $ = (id) => document.getElementById(id);

/**
 * el("button", {class: "x", text: "Go", "aria-label": "..."}, child, ...)
 * `class` and `text` are special; a non-string value whose key is a property of
 * the node (checked, disabled, onclick...) is set as a property; the rest are attributes.
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v == null) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k in node && typeof v !== "string") node[k] = v;
    else node.setAttribute(k, v);
  }
  node.append(...children.filter((c) => c != null && c !== false));
  return node;
}
