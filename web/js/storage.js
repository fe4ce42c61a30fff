// Local storage that never throws: a blocked or full storage (private mode,
// a sandboxed frame, quota) only means that nothing is remembered.

const PREFIX = "cardgarden.";

export function readText(key) {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

export function writeText(key, value) {
  try {
    localStorage.setItem(PREFIX + key, value);
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    /* nothing stored, nothing to remove */
  }
}

/** {value} when the key holds valid JSON, {missing: true} when empty, {corrupt: text} otherwise. */
export function readJSON(key) {
  const text = readText(key);
  if (text == null) return { missing: true };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { corrupt: text };
  }
}

export function writeJSON(key, value) {
  return writeText(key, JSON.stringify(value));
}
