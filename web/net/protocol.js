// @ts-check
// The messages between a host's page and a guest's (docs/online.md): JSON objects carrying the
// protocol's version `v`; a page that speaks another version is refused by name.

export const PROTOCOL = 1;

/** The engine methods a guest may ask of the host, always for its own seat and in its language. */
export const GUEST_METHODS = ["view", "read_table", "act", "undo", "explain", "hint", "events", "info", "list_games"];

/** The methods that can change the game: after one, every guest hears of the new table first. */
export const CHANGES = ["act", "undo"];
