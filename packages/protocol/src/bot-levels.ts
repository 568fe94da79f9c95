/**
 * The levels of bot a table, a tournament or the arena can seat: the one list, from which the protocol's schemas
 * (`BotLevelName`), every type of level, the commands' help and the bots' own table of levels derive. Its own entry
 * point (`@skyline/protocol/bot-levels`, no zod), so that the bots' worker threads need not load the schemas.
 */
export const BOT_LEVELS = ['random', 'novice', 'greedy', 'club', 'ismcts'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export function isBotLevel(text: unknown): text is BotLevel {
  return typeof text === 'string' && (BOT_LEVELS as readonly string[]).includes(text);
}

/** A bot level's name (`greedy-bot`), or one bot's (`greedy-bot-k3x9`): no person may take a name like these. */
const BOT_NAME = new RegExp(`^(${BOT_LEVELS.join('|')})-bot(-[a-z0-9]+)?$`);

/** The level a bot's name shows (`greedy-bot-k3x9`: greedy), or null for any other name. */
export function botLevelOfName(name: string): BotLevel | null {
  return (BOT_NAME.exec(name)?.[1] as BotLevel | undefined) ?? null;
}
