/** Helpers for reading untrusted moves (from a socket, a record file or a test) with reasons a player understands. */

export interface MoveShape {
  /** Fields that must be present, besides `type`. */
  required?: readonly string[];
  /** Fields that may be present. */
  optional?: readonly string[];
}

export type ReadMove =
  { ok: true; type: string; fields: Readonly<Record<string, unknown>> } | { ok: false; reason: string };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that `move` is an object whose `type` is one of `shapes`, with exactly the allowed fields. Values are not
 * checked here: the game does that, with reasons about the rules.
 */
export function readMove(
  move: unknown,
  shapes: Readonly<Record<string, MoveShape>>,
  what = 'move',
): ReadMove {
  const types = Object.keys(shapes);
  if (!isPlainObject(move)) {
    return { ok: false, reason: `a ${what} must be an object such as {"type": "${types[0]}"}` };
  }
  const type = move.type;
  const shape = typeof type === 'string' && Object.hasOwn(shapes, type) ? shapes[type] : undefined;
  if (shape === undefined) {
    const shown = typeof type === 'string' ? `"${type}"` : JSON.stringify(type ?? null);
    return { ok: false, reason: `unknown ${what} type ${shown}: expected ${types.join(', ')}` };
  }
  for (const field of shape.required ?? []) {
    if (!Object.hasOwn(move, field))
      return { ok: false, reason: `a ${String(type)} ${what} needs "${field}"` };
  }
  for (const field of Object.keys(move)) {
    if (field !== 'type' && !shape.required?.includes(field) && !shape.optional?.includes(field)) {
      return { ok: false, reason: `a ${String(type)} ${what} has no field "${field}"` };
    }
  }
  return { ok: true, type: type as string, fields: move };
}

/** Whether `value` is a whole number within `min .. max`. */
export function isIntIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
