import { sql, type RawBuilder } from 'kysely';
import { nameSkeleton } from '../names.js';

/**
 * The condition (on a query over `users`) that finds the user a moderator or a report names: a person by their name's
 * skeleton (`names.ts`: case and look-alikes folded, as names are unique), a bot by its exact name (a bot's key is its
 * name, whose random letters a skeleton would fold: `greedy-bot-k3x1` is not `greedy-bot-k3xl`).
 */
export function named(name: string): RawBuilder<boolean> {
  return sql<boolean>`(users.name_key = ${nameSkeleton(name)} or users.name = ${name})`;
}
