/**
 * The bot levels are declared once (`BOT_LEVELS`): the schema, the commands' help and the names of bots derive from
 * the list, and say what they said when each wrote the levels out by hand.
 */
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, BotLevelName, Command, MESSAGES, botLevelOfName, isBotLevel } from '../src/index.js';

describe('bot levels', () => {
  it('the schema accepts exactly the listed levels', () => {
    expect(BotLevelName.options).toEqual([...BOT_LEVELS]);
    for (const level of BOT_LEVELS) expect(isBotLevel(level)).toBe(true);
    expect(isBotLevel('mcts')).toBe(false);
    expect(Command.safeParse({ name: 'bot', level: 'ismcts' }).success).toBe(true);
    expect(Command.safeParse({ name: 'bot', level: 'mcts' }).success).toBe(false);
  });

  it('the help built from the list reads as before', () => {
    expect(MESSAGES['help.bot']).toBe(
      '/bot [random|novice|greedy|club|ismcts] — seat a bot at the first free seat (host, before the start; greedy if no level)',
    );
    expect(MESSAGES['help.standin']).toBe(
      '/option standin random|novice|greedy|club|ismcts — the bot that plays for a player who runs out of time, resigns or is claimed (greedy unless set)',
    );
  });

  it("reads a bot's level from its name, and nothing from a person's", () => {
    expect(botLevelOfName('greedy-bot')).toBe('greedy');
    expect(botLevelOfName('ismcts-bot-k3x9')).toBe('ismcts');
    expect(botLevelOfName('novice-bot-k3x9')).toBe('novice');
    expect(botLevelOfName('club-bot-k3x9')).toBe('club');
    expect(botLevelOfName('greedy-bot-K3X9')).toBeNull();
    expect(botLevelOfName('greedy-bots')).toBeNull();
    expect(botLevelOfName('ann')).toBeNull();
  });
});
