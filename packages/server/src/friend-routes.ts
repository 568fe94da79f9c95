import {
  AcceptLinkBody,
  EmptyBody,
  FriendBody,
  FriendSettingsBody,
  InvitationParams,
  InviteBody,
  PlayAgainBody,
  TableParams,
} from '@skyline/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from './auth.js';
import type { Friends } from './friends/service.js';
import type { Limits } from './limits.js';
import { parse } from './parse.js';

/** What the friends' routes share with the rest of the HTTP API (`http.ts`). */
export interface FriendRouteKit {
  friends: Friends;
  limits: Limits;
  requireUser(request: FastifyRequest): Promise<User>;
  addressOf(request: FastifyRequest): string;
}

/**
 * Friends, blocks, invitations and "Play again" (docs/protocol.md, "Friends and invitations"). Every change counts as
 * an action of its player (`LIMIT_ACTIONS_PER_MINUTE`), beside the limits of its own (`friends/`).
 */
export function registerFriendRoutes(app: FastifyInstance, kit: FriendRouteKit): void {
  const { friends } = kit;
  const acting = async (request: FastifyRequest): Promise<User> => {
    const user = await kit.requireUser(request);
    await kit.limits.take('actions', `u:${user.id}`);
    return user;
  };
  const nameOf = (request: FastifyRequest) => parse(FriendBody, request.body).name;

  app.get('/api/friends', async (request) => friends.list(await kit.requireUser(request)));
  app.post('/api/friends/follow', async (request) => {
    await friends.follow(await acting(request), nameOf(request));
    return { ok: true };
  });
  app.post('/api/friends/unfollow', async (request) => {
    await friends.unfollow(await acting(request), nameOf(request));
    return { ok: true };
  });
  app.post('/api/friends/block', async (request) => {
    await friends.block(await acting(request), nameOf(request));
    return { ok: true };
  });
  app.post('/api/friends/unblock', async (request) => {
    await friends.unblock(await acting(request), nameOf(request));
    return { ok: true };
  });
  app.post('/api/friends/settings', async (request) => {
    const user = await acting(request);
    await friends.settings(user, parse(FriendSettingsBody, request.body));
    return friends.list(user);
  });

  app.get('/api/my/invitations', async (request) => ({
    invitations: await friends.invitations(await kit.requireUser(request)),
  }));
  app.post('/api/tables/:id/invite', async (request) => {
    const user = await acting(request);
    const { id } = parse(TableParams, request.params);
    return { invitation: await friends.invite(user, id, parse(InviteBody, request.body).name) };
  });
  app.post('/api/tables/:id/link', async (request) => {
    const user = await acting(request);
    const { id } = parse(TableParams, request.params);
    parse(EmptyBody, request.body);
    return friends.link(user, id);
  });
  // The token comes in the body, never in the URL: the server's log holds URLs, and redacts `req.body.token`.
  app.post('/api/invitations/accept', async (request) => {
    const user = await acting(request);
    return { tableId: await friends.acceptLink(user, parse(AcceptLinkBody, request.body).token) };
  });
  app.post('/api/invitations/:id/decline', async (request) => {
    const user = await acting(request);
    const { id } = parse(InvitationParams, request.params);
    await friends.decline(user, id);
    return { ok: true };
  });
  app.post('/api/tables/:id/again', async (request) => {
    const user = await acting(request);
    const { id } = parse(TableParams, request.params);
    const { bots } = parse(PlayAgainBody, request.body ?? {});
    return { tableId: await friends.playAgain(user, id, bots ?? false, kit.addressOf(request)) };
  });
}
