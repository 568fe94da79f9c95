import { isMessageCode, type ChatLine, type Params, type Words } from '@skyline/protocol';
import type { Kysely } from 'kysely';
import type { User } from '../auth.js';
import type { Database } from '../db/schema.js';
import { timeId } from '../ids.js';

/** The chat of the lobby (`tableId` null) and of each table: stored lines, and the history a page opens with. */
export class TableChat {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a line (from a person, or from the table itself when `user` is null: then `said` holds its words, for each
   * client to say in its language, and `text` their English) and returns it, to be told.
   */
  async store(user: User | null, tableId: string | null, text: string, said?: Words): Promise<ChatLine> {
    const id = timeId();
    const line: ChatLine = { id, tableId, from: user?.name ?? null, text, ...said, at: Date.now() };
    await this.db
      .insertInto('chat')
      .values({
        id,
        table_id: tableId,
        user_id: user?.id ?? null,
        text,
        words: said ? JSON.stringify(said) : null,
        created_at: line.at,
      })
      .execute();
    return line;
  }

  /** The last lines a page opens with; a line a moderator hid is shown to nobody (`moderation/`). */
  async history(tableId: string | null, limit = 100): Promise<ChatLine[]> {
    const rows = await this.db
      .selectFrom('chat')
      .leftJoin('users', 'users.id', 'chat.user_id')
      .select(['chat.id', 'chat.text', 'chat.words', 'chat.created_at', 'users.name'])
      .where('chat.table_id', tableId === null ? 'is' : '=', tableId)
      .where('chat.hidden_at', 'is', null)
      .orderBy('chat.id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((row) => ({
      id: row.id,
      tableId,
      from: row.name,
      text: row.text,
      ...storedWords(row.words),
      at: Number(row.created_at),
    }));
  }
}

/** The words of a stored system line; a line stored before they were (or one no longer in the catalogue) has none. */
function storedWords(json: string | null): Partial<Words> {
  if (json === null) return {};
  try {
    const said = JSON.parse(json) as { code?: unknown; params?: Params };
    if (!isMessageCode(said.code)) return {};
    return said.params ? { code: said.code, params: said.params } : { code: said.code };
  } catch {
    return {};
  }
}
