/**
 * A translation for the tests of a game's words: the key, and its parameters as `name=value` (`"nyny.log.deal(who=Bob)"`),
 * so that a test sees which words were chosen, and with what.
 */
export function keysShown(key: string, params?: Record<string, string | number>): string {
  if (!params) return key;
  const shown = Object.entries(params).map(([name, value]) => `${name}=${value}`);
  return `${key}(${shown.join(',')})`;
}
