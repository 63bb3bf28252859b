// QR codes for invitations and answers, drawn with qrcode-generator (copied into the build from
// node_modules, served from this origin). Reading them with the camera: scan.js.

import { qrcode } from "../vendor/qrcode.mjs";

const MARGIN = 4; // the quiet zone the standard asks for, in modules
const SCALE = 4; // pixels per module (the canvas is drawn larger by CSS, crisply)

/** A canvas showing `text` as a QR code, named `label` for assistive tech. */
export function qrCanvas(text, label) {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = (n + 2 * MARGIN) * SCALE;
  canvas.className = "qr";
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", label);
  const g = canvas.getContext("2d");
  if (!g) return canvas;
  g.fillStyle = "#fff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#000";
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      if (qr.isDark(y, x)) g.fillRect((x + MARGIN) * SCALE, (y + MARGIN) * SCALE, SCALE, SCALE);
  return canvas;
}
