// @ts-check
// Between games, the worker's side: finished games' results (the statistics) and records (the
// recent games, to be watched again or dealt again), kept in the saves' IndexedDB store beside them.
//
//   result|<match id>  the engine's game_stats of a finished game, and whether a person took hints or
//                      undos in it: written once, when the game is first seen over, so a game counts
//                      once whatever reloads happen (the match id is in its record)
//   done|<match id>    the finished game's whole record (the last RECENT of them are kept)
//   assist|<match id>  a person took a hint or an undo in this game
//   again|<match id>   this match deals again the deal of that match (its result is shown beside)
// Keys hold a "|", so the list of saves (which lists keys without one) never shows them.
//
// Messages in (worker methods): finish {handle}, results {}, reset_results {}, import_results
// {results}, recent {}, watch {id} | {handle} | {record}, export_game {id}, deal_again {id, rotate}
// (with the new game's save key). replay_view and close_replay go to the engine as they are.

import { isRecord, isText } from "../app/shapes.js";

export const RECENT = 20; // finished games kept to be watched again
const range = (prefix) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

/**
 * The worker methods, given the worker's engine call, its IndexedDB helpers and `adopt(handle,
 * key)`, which saves a new game under `key` as new_game's are saved.
 * @param {{engine: (method: string, params: object) => any, store: (mode: IDBTransactionMode, fn: (s: IDBObjectStore) => any) => Promise<any>, idbGet: (key: string) => Promise<any>, adopt: (handle: string, key: string) => Promise<void>}} deps
 */
export function betweenStore({ engine, store, idbGet, adopt }) {
  /** The record of a finished game: of the open game `handle`, else kept under `id`.
   * @param {{handle?: string, id?: string}} source */
  async function recordOf({ handle, id }) {
    if (isText(handle)) {
      const saved = engine("save", { handle });
      return saved.error ? null : saved.record;
    }
    const done = isText(id) ? await idbGet(`done|${id}`) : null;
    return isRecord(done) && isRecord(done.record) ? done.record : null;
  }

  const missing = () => ({ error: { code: "unknown_handle", message: "That game is not kept on this device." } });

  /** The finished game `handle`, counted (once): {result, counted (now, for the first time), previous}. */
  async function finish({ handle }) {
    const record = await recordOf({ handle });
    if (!record) return missing();
    const id = record.id;
    let result = await idbGet(`result|${id}`);
    const counted = !isRecord(result);
    if (counted) {
      const reply = engine("game_stats", { record });
      if (reply.error) return reply;
      const againOf = (await idbGet(`again|${id}`)) ?? null;
      const assisted = !!(await idbGet(`assist|${id}`));
      result = { ...reply.stats, finishedAt: Date.now(), assisted, againOf, options: record.options };
      const finishedAt = result.finishedAt;
      await store("readwrite", (s) => {
        s.put({ record, finishedAt }, `done|${id}`);
        return s.put(result, `result|${id}`);
      });
      await keepRecent();
    }
    const previous = isText(result.againOf) ? ((await idbGet(`result|${result.againOf}`)) ?? null) : null;
    return { result, counted, previous };
  }

  /** Only the newest RECENT finished records stay. */
  async function keepRecent() {
    const done = await recent();
    const old = done.slice(RECENT).map((d) => `done|${d.id}`);
    if (old.length)
      await store("readwrite", (s) => {
        for (const key of old) s.delete(key);
      });
  }

  /** The finished games kept, newest first: [{id, game, finishedAt, result}]. */
  async function recent() {
    const [keys, values] = await Promise.all([
      store("readonly", (s) => s.getAllKeys(range("done|"))),
      store("readonly", (s) => s.getAll(range("done|"))),
    ]);
    const results = new Map((await storedResults()).map((r) => [r.id, r]));
    const out = [];
    keys.forEach((key, i) => {
      const value = values[i];
      if (!isText(key) || !isRecord(value) || !isRecord(value.record)) return;
      const id = key.slice("done|".length);
      out.push({ id, game: value.record.game, finishedAt: value.finishedAt, result: results.get(id) || null });
    });
    return out.sort((a, b) => (b.finishedAt || 0) - (a.finishedAt || 0));
  }

  async function storedResults() {
    const values = await store("readonly", (s) => s.getAll(range("result|")));
    return values.filter((v) => isRecord(v) && isText(v.id));
  }

  /** A finished game opened to be watched again: kept (`id`), open (`handle`) or from a file (`record`). */
  async function watch(params) {
    const record = isRecord(params.record) ? params.record : await recordOf(params);
    if (!record) return missing();
    return engine("open_replay", { record, lang: params.lang });
  }

  /** The same deal as the finished game `id` or `handle`, as a new game saved under `key`. */
  async function dealAgain(params, key) {
    const record = await recordOf(params);
    if (!record) return missing();
    const reply = engine("deal_again", { record, rotate: params.rotate ?? 0, lang: params.lang });
    if (reply.error) return reply;
    await store("readwrite", (s) => s.put(record.id, `again|${reply.info.id}`));
    if (isText(key)) await adopt(reply.handle, key);
    return reply;
  }

  const methods = {
    finish,
    results: async () => ({ results: await storedResults() }),
    reset_results: async () => {
      await store("readwrite", (s) => s.delete(range("result|")));
      return { ok: true };
    },
    // The page checked every entry (web/app/stats.js); an entry of the same game replaces it.
    import_results: async ({ results }) => {
      const list = Array.isArray(results) ? results.filter((r) => isRecord(r) && isText(r.id)) : [];
      await store("readwrite", (s) => {
        for (const r of list) s.put(r, `result|${r.id}`);
      });
      return { ok: true, imported: list.length };
    },
    recent: async () => ({ games: (await recent()).slice(0, RECENT) }),
    watch,
    export_game: async (params) => {
      const record = await recordOf(params);
      return record ? { record } : missing();
    },
    deal_again: dealAgain,
  };

  return {
    has: (method) => Object.hasOwn(methods, method),
    /** @param {string} method @param {any} params @param {string} [key] */
    call: (method, params, key) => methods[method](params || {}, key),
    /** After a person's hint or undo in the open game `handle`: the game is marked as helped. */
    async assisted(handle) {
      const info = engine("info", { handle });
      if (!info.error) await store("readwrite", (s) => s.put(true, `assist|${info.info.id}`));
    },
  };
}
