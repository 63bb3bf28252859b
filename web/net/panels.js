// What people see of play between devices: on the host's table an invitation per remote seat (QR
// code, link, Copy, the answer pasted or scanned, "Connection lost" and Reconnect); in the lobby
// "Join a game"; on a guest's page its answer, shown the same way, and its own connection's state.

import { closeAll } from "../app/dialogs.js";
import { $, el } from "../app/dom.js";
import { onLangChange, t } from "../app/i18n.js";
import { getSetting, onSettingChange } from "../app/settings.js";
import { CodeError } from "./invite.js";
import { joinCode, openInvitation, usedBefore } from "./guest.js";
import { qrCanvas } from "./qr.js";
import { hasCamera, scanQr } from "./scan.js";

const linkFor = (code) => `${location.origin}${location.pathname}#join=${code}`;
// What the devices need to reach each other: one network, unless a STUN server is set in Settings.
const sameNetwork = () =>
  getSetting("stun")
    ? t("The devices talk to each other directly; the STUN server set in Settings helps them find each other.")
    : t(
        "The devices talk to each other directly, on the same network (Wi-Fi or a phone's hotspot): no server is used.",
      );

/** Why two devices may not have reached each other. */
const notReached = () =>
  getSetting("stun")
    ? t("Both devices must be on the same network, or both able to reach the STUN server set in Settings.")
    : t("Both devices must be on the same network (Wi-Fi or a phone's hotspot).");

/** A code that could not be used, in words. */
function codeProblem(e, wanted) {
  if (!(e instanceof CodeError)) return String(e?.message || e);
  if (e.reason === "version") return t("This code was made by another version of the game: update both pages.");
  if (e.reason === "kind")
    return wanted === "answer"
      ? t("This is an invitation, not an answer: paste the code the other device shows.")
      : t("This is an answer, not an invitation: paste the link or code the host shows.");
  return t("This code is damaged or cut short: copy it again, whole.");
}

/** A code to pass on: its QR code, the text (read-only, selected on focus) and a Copy button. */
function codeBox(text, label) {
  const field = el("textarea", {
    class: "online-code",
    readOnly: true,
    rows: 3,
    "aria-label": label,
    spellcheck: "false",
  });
  field.value = text;
  field.addEventListener("focus", () => field.select());
  const said = el("span", { class: "online-said", role: "status" });
  const copy = el("button", { type: "button", class: "secondary", text: t("Copy") });
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      said.textContent = t("Copied.");
    } catch {
      field.focus();
      said.textContent = t("Select the text and copy it.");
    }
  });
  return el(
    "div",
    { class: "online-code-box" },
    qrCanvas(text, t("{label} (QR code)", { label })),
    field,
    el("div", {}, copy, " ", said),
  );
}

/** A box to paste a code into (or scan one with the camera): `use(text)` gets it, and may throw. */
function pasteBox(label, button, use, wanted) {
  const field = el("textarea", { class: "online-paste", rows: 3, "aria-label": label, spellcheck: "false" });
  const problem = el("p", { class: "problem", role: "alert", hidden: true });
  const go = el("button", { type: "button", class: "primary", text: button });
  const run = async (text) => {
    problem.hidden = true;
    try {
      await use(text);
    } catch (e) {
      problem.textContent = codeProblem(e, wanted);
      problem.hidden = false;
    }
  };
  go.addEventListener("click", () => run(field.value));
  const box = el("div", { class: "online-paste-box" }, el("label", {}, el("span", { text: label }), field), go);
  const video = el("video", { class: "online-camera", muted: true, playsInline: true, hidden: true });
  // Shown once the device is known to have a camera: the code is then read by the browser or by
  // the decoder the page brings (scan.js).
  const scan = el("button", { type: "button", class: "secondary", text: t("Scan with the camera"), hidden: true });
  hasCamera().then((yes) => {
    scan.hidden = !yes;
  });
  let scanning = false;
  scan.addEventListener("click", async () => {
    scanning = !scanning;
    scan.textContent = scanning ? t("Stop the camera") : t("Scan with the camera");
    video.hidden = !scanning;
    if (!scanning) return;
    try {
      const text = await scanQr(video, () => !scanning || !video.isConnected);
      if (text) {
        field.value = text;
        await run(text);
      }
    } catch (e) {
      problem.textContent = t("The camera could not be used ({reason}).", { reason: e.message });
      problem.hidden = false;
    } finally {
      scanning = false;
      video.hidden = true;
      scan.textContent = t("Scan with the camera");
    }
  });
  box.append(" ", scan, video, problem);
  return box;
}

// ------------------------------------------------------------------ the host's table
let shownHost = null;

/** The invitations of the host's remote seats that are not connected, over its table. */
export function drawInvitations(host) {
  shownHost = host;
  let panel = $("invitations");
  if (!panel) {
    panel = el("details", { id: "invitations", class: "online-panel", open: true });
    $("table").append(panel);
  }
  const waiting = [...host.remotes.values()].filter((r) => r.state !== "connected");
  panel.hidden = !host.info || waiting.length === 0;
  if (panel.hidden) return;
  const summary = el("summary", { text: t("Players on other devices") });
  const seats = waiting.map((r) => {
    const name = host.info.seats[r.seat].name;
    // Drawn again only when its state changes: a half-pasted answer stays.
    const mark = `${r.state}:${r.code}:${name}`;
    const old = panel.querySelector(`[data-seat="${r.seat}"]`);
    if (old && old.dataset.mark === mark) return old;
    const part = el("section", { class: "online-seat", "aria-label": t("Invite {name}", { name }) });
    part.dataset.seat = String(r.seat);
    part.dataset.mark = mark;
    part.append(el("h3", { text: t("Invite {name}", { name }) }));
    if (r.state === "inviting") part.append(el("p", { class: "muted", text: t("Making an invitation…") }));
    else if (r.state === "lost" || r.state === "failed") {
      const again = el("button", {
        type: "button",
        class: "primary",
        text: r.state === "lost" ? t("Reconnect") : t("Try again"),
      });
      again.addEventListener("click", () => host.invite(r.seat));
      const problem =
        r.state === "lost"
          ? t("Connection lost with {name}.", { name })
          : [t("Could not connect to {name}.", { name }), notReached()].join(" ");
      part.append(el("p", { class: "problem", role: "alert", text: problem }), again);
    } else {
      part.append(
        el("p", {
          text: t("{name} opens this link on their device (scan the QR code with its camera, or send the link):", {
            name,
          }),
        }),
        codeBox(linkFor(r.code), t("Invitation for {name}", { name })),
        pasteBox(t("{name}'s answer", { name }), t("Connect"), (text) => host.accept(r.seat, text), "answer"),
      );
    }
    return part;
  });
  panel.replaceChildren(summary, el("p", { class: "help", text: sameNetwork() }), ...seats);
}

// ------------------------------------------------------------------ the lobby
/** "Join a game" in the lobby: the host's link or code, pasted; the page becomes the guest's. */
export function addJoinBox() {
  const box = el("details", { id: "join-box", class: "field join-box" });
  const draw = () =>
    box.replaceChildren(
      el("summary", { text: t("Join a game on another device") }),
      el("p", { class: "help", text: sameNetwork() }),
      pasteBox(t("The host's invitation (a link or a code)"), t("Join"), openInvitation, "offer"),
    );
  draw();
  onLangChange(draw);
  onSettingChange((name) => name === "stun" && draw());
  $("setup").append(box); // shown with the lobby's form, not while a game comes back
}

// ------------------------------------------------------------------ the guest's page
/**
 * A guest's page: the answer to the invitation of its link, shown until the host has it; then the
 * game (`onwelcome(info)`), redrawn whenever the host sends a new view (`onchange`). A lost link
 * says so over the table, with the way back. Resolves true (the page is ready) at once.
 */
export async function joinAsGuest(guest, { onwelcome, onchange }) {
  const panel = el("section", { id: "guest-panel", class: "online-panel guest-panel", "aria-live": "polite" });
  $("main").prepend(panel);
  $("lobby").hidden = true;
  const show = (...parts) => {
    closeAll(); // a dialog left open (the result, say) would cover the way back
    panel.replaceChildren(el("h2", { text: t("Join a game") }), ...parts);
    panel.hidden = false;
  };
  const askAgain = (problem, button = t("Join")) =>
    show(
      el("p", { class: "problem", role: "alert", text: problem }),
      pasteBox(t("The host's new invitation (a link or a code)"), button, openInvitation, "offer"),
    );
  guest.onwelcome = (m) => {
    panel.hidden = true;
    onwelcome(m.info);
  };
  guest.onchange = onchange;
  guest.onlost = (code) => {
    if (code === "version")
      askAgain(t("The host's page is of another version of the game: update both pages, then try again."));
    else if (code === "seat_taken") askAgain(t("Another device plays this seat. Ask the host for a new invitation."));
    else if (code === "bye") askAgain(t("The host has left the game."));
    else if (code === "unreachable")
      askAgain([t("Could not connect to the host."), notReached(), t("Ask the host for a new invitation.")].join(" "));
    else
      askAgain(t("Connection lost. Ask the host for a new invitation, then open it or paste it here."), t("Reconnect"));
  };
  const code = joinCode();
  if (usedBefore(code)) {
    askAgain(t("This invitation was used already. Ask the host for a new one."));
    return true;
  }
  show(el("p", { class: "muted", text: t("Making your answer…") }));
  try {
    const reply = await guest.answer(code);
    if (!panel.hidden)
      show(
        el("p", { text: t("Show this answer to the host: they scan it, or you send them the code.") }),
        codeBox(reply, t("Your answer")),
        el("p", { class: "help", text: sameNetwork() }),
      );
  } catch (e) {
    askAgain(codeProblem(e, "offer"));
  }
  return true;
}

/** Every part of the invitations drawn again: in a new language, or with a new STUN server's sentences. */
function redrawInvitations() {
  $("invitations")?.replaceChildren();
  if (shownHost) drawInvitations(shownHost);
}
onLangChange(redrawInvitations);
onSettingChange((name) => name === "stun" && redrawInvitations());
