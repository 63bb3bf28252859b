// The browser's Back button: while a game or a dialog is on screen, Back must not leave the page.
// One extra history entry (a "guard") sits on top while `wanted()` holds; Back removes it, and
// `onBack()` decides what Back means there (close the dialog, or ask before leaving the game).
// When nothing needs guarding any more the guard is taken away again, so that Back from the
// lobby leaves the page as usual.

const GUARD = { pygamesGuard: true };
const guarded = () => !!history.state?.pygamesGuard;

/**
 * Keep the guard while `wanted()` holds, checked whenever a node of `watch` (the screens, the
 * dialogs) is shown, hidden, opened or closed; call `onBack()` when Back takes the guard away.
 */
export function guardBack({ wanted, onBack, watch = [] }) {
  let leaving = false; // our own history.back() is on its way: its popstate is not the player's
  const sync = () => {
    if (leaving) return;
    if (wanted() && !guarded()) history.pushState(GUARD, "");
    else if (!wanted() && guarded()) {
      leaving = true;
      history.back();
    }
  };
  window.addEventListener("popstate", () => {
    if (leaving) {
      leaving = false;
      sync();
      return;
    }
    onBack();
    sync();
  });
  // Dialogs opening or closing and screens hidden or shown change what Back should do.
  const observer = new MutationObserver(() => sync());
  for (const node of watch) observer.observe(node, { attributes: true, attributeFilter: ["open", "hidden"] });
  sync(); // a reload keeps the history entry it was on: a guard there may no longer be wanted
}
