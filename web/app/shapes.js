// Checks of the shape of a value read back from storage (localStorage for the page, IndexedDB for
// the worker), which may be damaged: each says whether a value is what was written, and `kept`
// takes what is right of an object, so that what is wrong falls back to its default.

/** Text. */
export const isText = (value) => typeof value === "string";
/** Text that may name a field: not the name of a property every object inherits ("__proto__",
 *  "constructor", "toString"), which a lookup by that name would find on any object. */
export const isName = (value) => isText(value) && !(value in Object.prototype);
/** A whole number, 0 or more. */
export const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
/** An object of named fields (not null, not a list). */
export const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
/** A list whose every item passes `check`. */
export const listOf = (check) => (value) => Array.isArray(value) && value.every(check);

/** The fields of `value` that `checks` names ({field: check}) and that pass their check, in a fresh
 *  object: only its own fields are read, and none is named by the stored value itself. */
export function kept(value, checks) {
  const out = {};
  if (!isRecord(value)) return out;
  for (const [field, check] of Object.entries(checks))
    if (Object.hasOwn(value, field) && check(value[field])) out[field] = value[field];
  return out;
}

/** Whether `value` has every field of `needed` and, where it has them, those of `optional`
 *  ({field: check}; an optional field that is null counts as absent), each passing its check. */
export const shaped =
  (needed, optional = {}) =>
  (value) =>
    isRecord(value) &&
    Object.entries(needed).every(([field, check]) => Object.hasOwn(value, field) && check(value[field])) &&
    Object.entries(optional).every(
      ([field, check]) => !Object.hasOwn(value, field) || value[field] == null || check(value[field]),
    );
