/**
 * What the server says to people — refusals, command replies and the lines a table says in its chat — as codes with
 * parameters, so that each client says them in its player's language. This is the catalogue: each code's English
 * text, with `{name}` slots for its parameters, `{n, plural, one {…} other {…}}` (the forms of Intl.PluralRules,
 * `#` the number) and `{kind, select, chat {…} other {…}}`. The web client holds the other languages
 * (packages/web/src/i18n.ts) and falls back on this English text for a code it does not know. Every message also
 * carries this English text, for clients that know no code (the command line, older pages).
 *
 * Nothing here is technical: a player reads these words.
 */

import { BOT_LEVELS } from './bot-levels.js';

/** A message's parameters. A `seat` is numbered as people count (the first seat is seat 1), as `/join 1` reads it. */
export type Params = Readonly<Record<string, string | number>>;

export const MESSAGES = {
  // Tables and seats -------------------------------------------------------------------------------------------------
  'table.none': 'there is no table {table}',
  'table.broken':
    'this table could not be loaded and has been set aside; the host of this server has been told',
  'table.changed': 'the table changed meanwhile: try again',
  'game.unknown': 'unknown game "{game}" (games: {games})',
  'game.players': '{game} is played by {min} to {max} players',
  'game.notStarted': 'the game has not started yet',
  'game.over': 'the game is over',
  'replay.notOver': 'this game is still being played: its replay opens when it ends',
  'resign.noGame': 'there is no game in progress to resign from',
  'stop.noGame': 'there is no game in progress to stop',
  'tables.tooMany':
    'you already host {n, plural, one {# open table} other {# open tables}}: start or leave one before you open another',
  'seat.already': 'you already sit at seat {seat}',
  'seat.allTaken': 'every seat is taken',
  'seat.none': 'there is no seat {seat}: seats are {first} to {last}',
  'seat.taken': 'seat {seat} is taken by {name}',
  'seat.notYours': 'you do not sit at this table',
  'seat.leaveStarted': 'the game has started: /resign to give up',
  'kick.notSeated': '{name} does not sit at this table',
  'kick.self': 'you cannot kick yourself: /leave',
  'bots.tooMany':
    'you already have {n, plural, one {# bot seat} other {# bot seats}} at your tables, the most one player may have: bots think on the server, so they are shared out',
  'bots.watch': 'a game of bots only plays while you watch it: open the table to start it',
  'start.waiting': 'waiting for {n, plural, one {# more player} other {# more players}}',
  'started.join': 'the game has started: joining only before the start',
  'started.kick': 'the game has started: kicking only before the start',
  'started.bot': 'the game has started: seating bots only before the start',
  'started.option': 'the game has started: options can be changed only before the start',
  'started.start': 'the game has started: starting only before the start',
  'host.kick': 'only the host ({host}) can kick players',
  'host.bot': 'only the host ({host}) can seat bots',
  'host.option': 'only the host ({host}) can change the options',
  'host.start': 'only the host ({host}) can start the game',
  'stop.notAllowed': 'only the host ({host}) or a player at the table can stop the game',
  'stop.person': '{name} plays at this table: only a game of bots can be stopped',

  // Options ------------------------------------------------------------------------------------------------------------
  'option.unknown': '{game} has no option "{option}"',
  'option.playersNumber': '/option players needs a number',
  'option.seatTaken': 'seat {seat} is taken: it must be free to remove it',
  'option.notObject': 'the options must be a list of names and values',
  'option.boolean': 'option {option} must be on or off (true or false)',
  'option.number': 'option {option} must be a whole number from {min} to {max}',
  'option.choice': 'option {option} must be one of {choices}',
  'option.perSeat': 'option {option} needs one value per seat, all different, among {choices}',

  // Moves --------------------------------------------------------------------------------------------------------------
  'move.stale': 'the table moved on — here is where it is now',
  'move.refused': 'this move is not possible now ({reason})',

  // Commands typed in the chat ---------------------------------------------------------------------------------------
  'command.unknown': 'unknown command /{name}: type /help for the list',
  'command.noArgument': '/{name} takes no argument',
  'command.usage': 'write it this way: {usage}',

  // The connection ---------------------------------------------------------------------------------------------------
  'request.unreadable': 'the server could not read this request: reload the page',
  'request.signIn': 'choose a name first',
  'request.storage': 'the server could not store that just now: try again later',
  'request.failed': 'something went wrong on the server: try again',
  /** Said by the client itself when the server does not answer in time. */
  'request.noAnswer': 'no answer from the server: check your connection and try again',
  'request.busy': 'the server is busy checking passwords: try again in a few seconds',
  rate_limited:
    '{kind, select, chat {too many chat lines} actions {too many actions} moves {too many moves} reads {too many requests} tables {too many tables created} guests {too many new names from your address} login {too many wrong passwords} login_address {too many wrong passwords from your address} login_account {too many wrong passwords for this name} signin_account {too many log-ins and password changes for this name} signin_address {too many log-ins from your address} chat_address {too many chat lines from your address} connections {too many connections from your address (close some pages)} email_address {too many e-mails to this address} email_account {too many e-mails for this account} email_ip {too many e-mail requests from your address} reports_address {too many reports from your address} queue {too many entries in the “Play now” queue} other {too many attempts}}: try again in {minutes, plural, =0 {{seconds} s} other {# min}}',

  // Names and accounts -----------------------------------------------------------------------------------------------
  'name.reserved': 'the name {name} is reserved',
  'name.taken': 'the name {name} is taken',
  'name.tooLike': 'the name {name} is too like {other}, which is taken',
  'account.registered': '{name} is already registered',
  'account.notRegistered': 'register a password first',
  'login.wrong': 'wrong name or password',
  'password.wrong': 'wrong password',
  'request.foreign': 'requests from another site are not allowed',

  // E-mail: addresses, links sent by e-mail, reminders (server/src/mail/) -------------------------------------------
  'email.unavailable':
    'this server sends no e-mail: its host has not set it up, so addresses, password resets and reminders by e-mail are not available',
  'email.invalid': 'that is not an e-mail address',
  'email.linkInvalid': 'this link is not valid, or it was already used: ask for a new one',
  'email.linkExpired': 'this link has expired: ask for a new one',
  'email.taken': 'this address is already confirmed for another account',
  'email.noPending': 'no address is waiting for confirmation',
  'email.noConfirmed': 'confirm an e-mail address first: reminders go to it',

  // Replies to the one who asked -------------------------------------------------------------------------------------
  'reply.sit': 'you sit at seat {seat}',
  'reply.left': 'you left seat {seat}',
  'reply.kicked': '{name} no longer sits at seat {seat}',
  'reply.bot': '{name} sits at seat {seat}',
  'reply.option': 'set {option} = {value}',
  'reply.players': 'set {n} seats',
  'reply.start': 'the game starts',
  'reply.resigned': 'you resigned',
  'reply.stopped': 'you stopped the game',
  'who.open': '{game}, waiting for players',
  'who.playing': '{game}, playing',
  'who.over': '{game}, finished',
  'who.free': 'seat {seat}: free',
  'who.seat': 'seat {seat}: {name}',
  'who.host': 'seat {seat}: {name} (host)',
  'who.away': 'seat {seat}: {name} (disconnected)',
  'who.hostAway': 'seat {seat}: {name} (host, disconnected)',
  'who.bot': 'seat {seat}: {name} (bot)',
  'resign.already': 'you have already resigned',
  'abort.noGame': 'there is no game in progress to abort',
  'abort.tooLate':
    '{unit, select, years {every seat has played its first year} other {every seat has made {n} moves}}: the game can no longer be aborted (/resign to give up)',
  'reply.resignedStandIn': 'you resigned: a bot plays your seat to the end, and you are placed last',
  'reply.aborted': 'you aborted the game',
  'line.resignsStandIn': '{name} resigns: a {level} bot plays for {name}',
  'line.aborts': '{name} aborts the game',
  'who.resigned': 'seat {seat}: {name} (resigned)',
  'who.standIn': 'seat {seat}: {name} (a {level} bot plays for {name})',
  'clock.usage':
    'usage: /option clock none | live INITIAL INCREMENT | turn PER_MOVE (e.g. live 5m 5, turn 1d)',
  'clock.range': 'a live clock has 1 s to 1 d and 0 to 1 h a move; a turn clock has 1 s to 30 d a move',
  'game.notPlaying': 'there is no game in progress',
  'back.notAway': 'you are playing your seat yourself',
  'back.resigned': 'you resigned: a bot plays your seat to the end',
  'claim.clock': 'this table has a clock: a player who runs out of time is replaced by a bot',
  'claim.nobody': 'nobody else plays their own seat here',
  'claim.notYet': 'you cannot claim yet: {waits}',
  'move.outOfTime': 'your time has run out: a bot plays for you now (take your seat back with /back)',
  'reply.back': 'you play your seat again',
  'reply.claimed': 'bots play for {names} now',
  'line.timeOut': '{name} ran out of time: a {level} bot plays for {name}',
  'line.back': '{name} is back and plays seat {seat} again',
  'line.claims': '{name} claims: {names} went away, and {level} bots play for them',
  // Why a game, or some of its players, were not rated (the end screen) ----------------------------------------------
  'rating.fewMoves':
    '{unit, select, years {{name} did not play a whole year} other {{name} made fewer than {n} moves}}: {name} is not rated, and nobody is rated against {name}',
  'rating.sameAddress': '{a} and {b} played from the same address: they are not rated against each other',
  'rating.pairLimit':
    '{a} and {b} had already played {n, plural, one {# rated game} other {# rated games}} together in the last 24 hours: they are not rated against each other',
  'rating.botsOnly': 'no registered player was rated here: bots are rated only in games against people',
  'rating.guestHost':
    'only a registered player can host a rated game: keep your name with a password (Create an account) first',
  'rating.roundPending':
    'the ratings change when every table of the round has ended: the other tables play the same deal, and a rating would tell them how this one went',
  // Players and leaderboards -----------------------------------------------------------------------------------------
  'player.none': 'there is no player {name}',
  'leaderboard.none': 'there is no leaderboard for {game}: no such game',
  // Tournaments ------------------------------------------------------------------------------------------------------
  'tournament.none': 'there is no tournament {tournament}',
  'tournament.registeredOnly': 'only a registered player can do this: register your name first',
  'tournament.tooMany':
    'you already organise {n, plural, one {# tournament} other {# tournaments}} not finished: the most one player may have',
  'tournament.notOpen': 'the tournament has started: registration is closed',
  'tournament.full': 'the tournament is full ({n} players)',
  'tournament.already': 'you are already registered',
  'tournament.notRegistered': 'you are not registered in this tournament',
  'tournament.organiserOnly': 'only the organiser ({name}) can do this',
  'tournament.tooFew': 'a tournament needs at least {n} players to start',
  'tournament.seats': '{game} is played by {min} to {max} players: tables of {seats} are not possible',
  'tournament.maxPlayers': 'at most {n} players can take part',
  'tournament.startsAt': 'the start time must be in the future',
  'tournament.roundSecret':
    'this table plays a duplicate round: the other tables are dealt the same, so it can be watched, and its game replayed, once every table of the round has ended',
  'tournament.chatSecret':
    'this table plays a duplicate round: until every table of the round has ended, only its players can write or send commands there',
  // Moderation and reports ------------------------------------------------------------------------------------------
  'moderation.notAllowed':
    '{role, select, admin {only an admin of this server can do this} other {only a moderator of this server can do this}}',
  'moderation.lastAdmin': '{name} is the last admin: make another player an admin first',
  'moderation.notRegistered': '{name} is a guest: only a registered player can be a moderator or an admin',
  'moderation.staff':
    '{name} is {role, select, admin {an admin} other {a moderator}}: take the role away first',
  'moderation.bot': '{name} is a bot: there is nothing to moderate',
  'moderation.notMuted': '{name} is not muted',
  'moderation.notBanned': '{name} is not banned',
  'moderation.notBroken': 'table {table} is not set aside as broken',
  'moderation.stillBroken': 'table {table} still cannot be loaded, and stays set aside: {reason}',
  'moderation.keepTable':
    'table {table} {kind, select, rated {was rated} other {belongs to a tournament}}: it can be released but not deleted',
  'chat.none': 'there is no such chat line',
  'chat.hidden': 'this chat line is already hidden',
  'chat.muted':
    'a moderator has muted you: you can chat again in {unit, select, days {{n} d} hours {{n} h} other {{n} min}}',
  'account.banned': 'this account is banned from this server',
  'address.banned': 'your address is banned from this server: no new name or sign-in from it',
  'report.self': 'you cannot report yourself',
  'report.bot': 'a bot only plays: there is nothing to report',
  'report.system': 'the table said this line itself: there is nobody to report',
  'report.already': 'you have already reported this: a moderator will read it',
  'report.tooMany':
    'you have made {n, plural, one {# report} other {# reports}} in the last 24 hours, the most one player may: a moderator will read them',
  'report.none': 'there is no report {report}',
  'report.closed': 'report {report} has already been dealt with',
  'line.closed': 'a moderator closed the game: no winner, and it is not rated',
  'review.notOver': 'this game is still being played: the bots review it once it ends',
  'review.tooMany':
    'you have asked for {n, plural, one {# review} other {# reviews}} in the last 24 hours, the most one player may: the reviews others asked for stay open to you',

  'help.join': '/join [seat] — sit down (at the first free seat, or at that seat)',
  'help.leave': '/leave — stand up (before the start)',
  'help.start': '/start — start the game (host, when every seat is taken)',
  'help.option':
    '/option NAME [VALUE] — set a game option before the start (host); /option players N changes the seat count; /option rated on|off',
  'help.clock':
    '/option clock none | live INITIAL INCREMENT | turn PER_MOVE — the table clock (host): live 5m 5 gives each seat 5 minutes and 5 s a move; turn 1d gives a day a move (times: 90, 90s, 5m, 2h, 1d)',
  'help.standin': `/option standin ${BOT_LEVELS.join('|')} — the bot that plays for a player who runs out of time, resigns or is claimed (greedy unless set)`,
  'help.kick': '/kick NAME — send a seated player back to the audience (host, before the start)',
  'help.bot': `/bot [${BOT_LEVELS.join('|')}] — seat a bot at the first free seat (host, before the start; greedy if no level)`,
  'help.who': '/who — who sits where',
  'help.resign':
    '/resign — give up the game you are playing (with 3 or more seats a bot plays your seat on and you are placed last)',
  'help.back':
    '/back — take your seat back from the bot that played for you while you were away or out of time',
  'help.abort':
    '/abort — drop the game while some seat has {unit, select, years {not played its first year} other {made fewer than {n} moves}} (no winner, unrated)',
  'help.claim':
    '/claim — in a game without a clock, hand to bots the seats of opponents who have all been away for a while',
  'help.stop': '/stop — end a game that only bots play, with no winner (its host, or a player at the table)',
  'help.help': '/help — this list',
  'help.options': '{game} options:',
  'help.players': '/option players {min}..{max} — seats at the table',
  /** `label` is the key of the option's label in the client's translations; `help` its English line. */
  'help.optionLine': '/option {name} {values} — {help} (default {default})',

  // Lines the table says in its chat ---------------------------------------------------------------------------------
  'line.sits': '{name} sits at seat {seat}',
  'line.left': '{name} left seat {seat}',
  'line.kicked': '{host} sent {name} back to the audience',
  'line.newHost': '{name} is now the host',
  'line.bot': '{host} seats {name} at seat {seat}',
  'line.option': '{name} set {option} = {value}',
  'line.players': '{name} set {n} seats',
  'line.start': 'the game starts',
  'line.resigns': '{name} resigns',
  'line.stops': '{name} stops the game',
  // Friends, blocks, private tables, invitations, "Play again" (friends/) -------------------------------------------
  'follow.self': 'you cannot follow yourself',
  'follow.refused': '{name} cannot be followed',
  'follow.tooMany':
    'you follow {n, plural, one {# player} other {# players}}, the most one player may: stop following someone first',
  'block.self': 'you cannot block yourself',
  'block.tooMany':
    'you have blocked {n, plural, one {# player} other {# players}}, the most one player may: unblock someone first',
  'invite.refused': '{name} cannot be invited to this table',
  'invite.seated': '{name} already sits at this table',
  'invite.already': '{name} is already invited to this table',
  'invite.notSeated': 'only a player at this table can invite someone to it',
  'invite.started': 'this table’s game has started: nobody can be invited to it any more',
  'invite.tooMany':
    'you have sent {n, plural, one {# invitation} other {# invitations}} in the last 24 hours, the most one player may',
  'invite.linkInvalid': 'this invitation link is not valid, or it was already used: ask for a new one',
  'invite.linkExpired': 'this invitation link has expired: ask for a new one',
  'invite.none': 'there is no such invitation',
  'table.private': 'this table is private: only the players invited can sit down',
  'table.privateWatch': 'this table is private: only its players and the people invited can watch it',
  // A table's or a tournament's reliability floor (docs/platform.md, "Reliability").
  'reliability.below':
    'this asks for a reliability of at least {least}% and yours is {share}%: finish the games you start to raise it',
  'reliability.guest':
    'this asks for a reliability of at least {least}%: guests have none, register to play here',
  'again.notOver': 'this game is not over yet',
  'again.notPlayer': 'only the players of this game can play it again',
  // Tournament tables (the table page's layout): a tournament's game is played out, not dropped.
  'abort.tournament': 'this is a tournament game: it cannot be aborted (/resign to give up)',
  // "Play now" (server/src/queue/).
  'queue.already': 'you are already waiting for a game: cancel that wait first',

  // Taking a move back (issue 30 §4, engine/src/undo.ts) ----------------------------------------------------------------
  'undo.none': 'there is no move of yours to take back',
  'undo.seen': 'this move can no longer be taken back: something new has been seen since',
  'undo.standIn': 'that move was made by the bot playing for you: it cannot be taken back',
  'undo.clock':
    'this move can no longer be taken back: your time before it has run out, or the clocks have changed since',
} as const satisfies Record<string, string>;

export type MessageCode = keyof typeof MESSAGES;

/** Something the server says: a code of the catalogue and its parameters. */
export interface Words {
  code: MessageCode;
  params?: Params;
}

export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.hasOwn(MESSAGES, code);
}

/** Words of the catalogue (a shorthand for the server's throw sites and replies). */
export function words(code: MessageCode, params?: Params): Words {
  return params ? { code, params } : { code };
}

/** The English text of some words (what every message carries besides its code). */
export function english(said: Words): string {
  return fillTemplate(MESSAGES[said.code], said.params, 'en-US');
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

/** One `{…}` form's body: text, or `{name}` slots one level deep. */
const FORM = String.raw`([=\w]+) \{((?:[^{}]|\{\w+\})*)\}`;
const CHOICE = new RegExp(String.raw`\{(\w+), (plural|select), ((?:${FORM} ?)+)\}`, 'g');

/**
 * Fills a template's `{name}` slots (numbers written as `locale` writes them), its plural choices
 * (`{n, plural, =0 {none} one {# floor} other {# floors}}`, `#` the number) and its select choices
 * (`{kind, select, chat {…} other {…}}`). A slot with no parameter is left as it is.
 */
export function fillTemplate(text: string, params: Params | undefined, locale: string): string {
  if (!params) return text;
  const written = (value: string | number) =>
    typeof value === 'number' ? numberFormat(locale).format(value) : value;
  // Choices first, then every slot once (the slots inside the chosen forms too).
  const slots = (part: string) =>
    part.replace(/\{(\w+)\}/g, (slot, name: string) =>
      Object.hasOwn(params, name) ? written(params[name] as string | number) : slot,
    );
  const chosen = text.replace(CHOICE, (_, name: string, kind: string, forms: string) => {
    const choices = new Map(
      [...forms.matchAll(new RegExp(FORM, 'g'))].map((m) => [m[1] as string, m[2] ?? '']),
    );
    const value = params[name];
    if (kind === 'select') return choices.get(String(value)) ?? choices.get('other') ?? '';
    const n = Number(value ?? 0);
    let rules = pluralRules.get(locale);
    if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
    const form = choices.get(`=${n}`) ?? choices.get(rules.select(n)) ?? choices.get('other') ?? '';
    return form.split('#').join(numberFormat(locale).format(n));
  });
  return slots(chosen);
}
