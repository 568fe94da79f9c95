import type { FriendsResponse, InvitationInfo, InviteLinkResponse } from '@skyline/protocol';
import type { Accounts, User } from '../auth.js';
import type { TableDispatcher } from '../tables/dispatcher.js';
import type { TableService } from '../tables/service.js';
import { AgainStarter, playAgain, startWhenReady } from './again.js';
import { block, unblock } from './blocks.js';
import type { FriendsContext } from './context.js';
import { follow, friendsOf, setFriendSettings, unfollow } from './follows.js';
import { decline, invitationsOf, invite, makeLink, spendLink } from './invitations.js';

/**
 * Friends, blocks, invitations and "Play again": the facade the HTTP routes go through (`friend-routes.ts`), over one
 * module per job. Everything is kept in the database, and invitations are told through socket.io's rooms, so that
 * several processes behave as one.
 */
export class Friends {
  constructor(
    private readonly context: FriendsContext,
    private readonly deps: {
      service: TableService;
      tables: TableDispatcher;
      accounts: Accounts;
      title: (game: string) => string;
    },
  ) {}

  list(me: User): Promise<FriendsResponse> {
    return friendsOf(this.context, me);
  }

  follow(me: User, name: string): Promise<void> {
    return follow(this.context, me, name);
  }

  unfollow(me: User, name: string): Promise<void> {
    return unfollow(this.context, me, name);
  }

  block(me: User, name: string): Promise<void> {
    return block(this.context, me, name);
  }

  unblock(me: User, name: string): Promise<void> {
    return unblock(this.context, me, name);
  }

  settings(me: User, settings: Parameters<typeof setFriendSettings>[2]): Promise<void> {
    return setFriendSettings(this.context, me, settings);
  }

  async invite(me: User, tableId: string, name: string): Promise<InvitationInfo> {
    const table = await this.deps.service.get(tableId);
    await this.deps.service.requireWatchable(table, me.id);
    return invite(this.context, table, me, name, this.deps.title(table.game.id));
  }

  async link(me: User, tableId: string): Promise<InviteLinkResponse> {
    const table = await this.deps.service.get(tableId);
    await this.deps.service.requireWatchable(table, me.id);
    return makeLink(this.context, table, me);
  }

  /** Opens a link: seats `me` at its table (the first free seat), unless they sit there already. */
  async acceptLink(me: User, token: string): Promise<string> {
    const tableId = await spendLink(this.context, me, token);
    const table = await this.deps.service.get(tableId);
    if (table.seats.some((person) => person?.id === me.id)) return tableId;
    await this.deps.tables.dispatch(this.deps.service.command(me, tableId, { name: 'join' }));
    return tableId;
  }

  async decline(me: User, id: string): Promise<void> {
    const row = await this.context.db
      .selectFrom('invitations')
      .select('table_id')
      .where('id', '=', id)
      .executeTakeFirst();
    await decline(this.context, me, id);
    // A player leaving a table played again may be the last one it waited for.
    if (row) await startWhenReady(this.context, this.deps, row.table_id);
  }

  invitations(me: User): Promise<InvitationInfo[]> {
    return invitationsOf(this.context, me, this.deps.title);
  }

  /** The listener that starts a table played again once its players sat down (`AgainStarter`). */
  againStarter(failed: (error: unknown) => void): AgainStarter {
    return new AgainStarter(this.context, this.deps, failed);
  }

  playAgain(me: User, tableId: string, bots: boolean, address: string): Promise<string> {
    return playAgain(this.context, this.deps, me, tableId, bots, address);
  }
}
