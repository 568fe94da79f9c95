import { english, type MessageCode, type Params, type Words } from '@skyline/protocol';

/**
 * A refusal to show the person who asked (never a crash, never a stack trace): a code of the protocol's catalogue
 * (`packages/protocol/src/refusals.ts`) and its parameters, which the client says in its player's language; the
 * message is the English text.
 */
export class TableError extends Error {
  readonly code: MessageCode;
  readonly params: Params | undefined;

  constructor(code: MessageCode, params?: Params) {
    super(english({ code, params }));
    this.code = code;
    this.params = params;
  }

  /** The refusal as words of the catalogue. */
  get words(): Words {
    return this.params ? { code: this.code, params: this.params } : { code: this.code };
  }
}

/**
 * What was asked for does not exist (a table, a player, a leaderboard): a refusal like any other to a socket, an HTTP
 * 404 to a page, which names it in its player's words.
 */
export class NotFoundError extends TableError {}

/** A game's refusal of options (`Game.parseOptions`), in the catalogue's words. */
export function optionsRefused(
  game: { title: string },
  parsed: { reason: string; issue?: { code: MessageCode; params: Params } },
): TableError {
  if (!parsed.issue) return new TableError('option.notObject');
  return new TableError(parsed.issue.code, { ...parsed.issue.params, game: game.title });
}
