/**
 * What the server says (refusals, command replies, the lines a table says in its chat) in the player's language. The
 * server sends a code of the protocol's catalogue (packages/protocol/src/refusals.ts, where the English is) with its
 * parameters; the French is here. A code this client does not know is shown in the English the server sent with it.
 */
import {
  BOT_LEVELS,
  fillTemplate,
  isMessageCode,
  MESSAGES,
  type MessageCode,
  type Params,
} from '@skyline/protocol';
import { describeClock } from './clocks.js';
import { DICTIONARIES, translate, type Key, type Lang } from './i18n.js';
import { HttpError } from './net.js';

export const SERVER_FR: Record<MessageCode, string> = {
  'table.none': 'la table {table} n’existe pas',
  'table.broken': 'cette table n’a pas pu être chargée et a été mise de côté ; l’hôte du serveur est prévenu',
  'table.changed': 'la table a changé entre-temps : réessayez',
  'game.unknown': 'jeu inconnu « {game} » (jeux : {games})',
  'game.players': '{game} se joue de {min} à {max} joueurs',
  'game.notStarted': 'la partie n’a pas encore commencé',
  'game.over': 'la partie est finie',
  'replay.notOver': 'cette partie se joue encore : on pourra la revoir coup par coup quand elle sera finie',
  'resign.noGame': 'aucune partie en cours à abandonner',
  'stop.noGame': 'aucune partie en cours à arrêter',
  'tables.tooMany':
    'vous accueillez déjà {n, plural, one {# table ouverte} other {# tables ouvertes}} : lancez-en ou quittez-en une avant d’en ouvrir une autre',
  'seat.already': 'vous êtes déjà à la place {seat}',
  'seat.allTaken': 'toutes les places sont prises',
  'seat.none': 'il n’y a pas de place {seat} : les places vont de {first} à {last}',
  'seat.taken': 'la place {seat} est prise par {name}',
  'seat.notYours': 'vous n’êtes pas assis à cette table',
  'seat.leaveStarted': 'la partie a commencé : /resign pour abandonner',
  'kick.notSeated': '{name} n’est pas assis à cette table',
  'kick.self': 'vous ne pouvez pas vous renvoyer vous-même : /leave',
  'bots.tooMany':
    'vous avez déjà {n, plural, one {# place de robot} other {# places de robots}} à vos tables, le maximum pour un joueur : les robots réfléchissent sur le serveur, ils sont donc partagés',
  'bots.watch': 'une partie de robots ne se joue que sous vos yeux : ouvrez la table pour la lancer',
  'start.waiting': 'il manque {n, plural, one {# joueur} other {# joueurs}}',
  'started.join': 'la partie a commencé : on ne s’assoit qu’avant le début',
  'started.kick': 'la partie a commencé : on ne renvoie un joueur qu’avant le début',
  'started.bot': 'la partie a commencé : on n’ajoute un robot qu’avant le début',
  'started.option': 'la partie a commencé : les options ne changent qu’avant le début',
  'started.start': 'la partie a déjà commencé',
  'host.kick': 'seul l’hôte ({host}) peut renvoyer un joueur',
  'host.bot': 'seul l’hôte ({host}) peut ajouter un robot',
  'host.option': 'seul l’hôte ({host}) peut changer les options',
  'host.start': 'seul l’hôte ({host}) peut lancer la partie',
  'stop.notAllowed': 'seuls l’hôte ({host}) et les joueurs de la table peuvent arrêter la partie',
  'stop.person': '{name} joue à cette table : seule une partie de robots peut être arrêtée',
  'option.unknown': '{game} n’a pas d’option « {option} »',
  'option.playersNumber': '/option players attend un nombre',
  'option.seatTaken': 'la place {seat} est prise : elle doit être libre pour être retirée',
  'option.notObject': 'les options doivent être une liste de noms et de valeurs',
  'option.boolean': 'l’option {option} est activée ou non (true ou false)',
  'option.number': 'l’option {option} doit être un nombre entier de {min} à {max}',
  'option.choice': 'l’option {option} doit être l’une de : {choices}',
  'option.perSeat': 'l’option {option} demande une valeur différente par place, parmi {choices}',
  'move.stale': 'la table a avancé — la voici telle qu’elle est maintenant',
  // The reason is the rules engine's, in English: French leaves it out rather than mix the languages.
  'move.refused': 'ce coup n’est pas possible maintenant',
  'command.unknown': 'commande inconnue /{name} : tapez /help pour la liste',
  'command.noArgument': '/{name} ne prend pas d’argument',
  'command.usage': 'écrivez-la ainsi : {usage}',
  'request.unreadable': 'le serveur n’a pas pu lire cette demande : rechargez la page',
  'request.signIn': 'choisissez d’abord un nom',
  'request.storage': 'le serveur n’a pas pu l’enregistrer pour l’instant : réessayez plus tard',
  'request.failed': 'quelque chose s’est mal passé sur le serveur : réessayez',
  'request.noAnswer': 'pas de réponse du serveur : vérifiez votre connexion et réessayez',
  'request.busy': 'le serveur vérifie beaucoup de mots de passe : réessayez dans quelques secondes',
  'name.reserved': 'le nom {name} est réservé',
  'name.taken': 'le nom {name} est déjà pris',
  'name.tooLike': 'le nom {name} ressemble trop à {other}, déjà pris',
  'account.registered': '{name} a déjà un mot de passe',
  'account.notRegistered': 'choisissez d’abord un mot de passe',
  'login.wrong': 'nom ou mot de passe incorrect',
  'password.wrong': 'mot de passe incorrect',
  'request.foreign': 'les demandes venant d’un autre site ne sont pas acceptées',
  'email.unavailable':
    'ce serveur n’envoie pas de courriel : son hôte ne l’a pas configuré, donc adresses, réinitialisations de mot de passe et rappels par courriel ne sont pas disponibles',
  'email.invalid': 'ce n’est pas une adresse électronique',
  'email.linkInvalid': 'ce lien n’est pas valable, ou il a déjà servi : demandez-en un nouveau',
  'email.linkExpired': 'ce lien a expiré : demandez-en un nouveau',
  'email.taken': 'cette adresse est déjà confirmée pour un autre compte',
  'email.noPending': 'aucune adresse n’attend de confirmation',
  'email.noConfirmed': 'confirmez d’abord une adresse électronique : les rappels y sont envoyés',
  rate_limited:
    '{kind, select, chat {trop de messages} actions {trop d’actions} moves {trop de coups} reads {trop de requêtes} tables {trop de tables créées} guests {trop de nouveaux noms depuis votre adresse} login {trop de mots de passe erronés} login_address {trop de mots de passe erronés depuis votre adresse} login_account {trop de mots de passe erronés pour ce nom} signin_account {trop de connexions et de changements de mot de passe pour ce nom} signin_address {trop de connexions depuis votre adresse} chat_address {trop de messages depuis votre adresse} connections {trop de connexions depuis votre adresse (fermez quelques pages)} email_address {trop de courriels envoyés à cette adresse} email_account {trop de courriels pour ce compte} email_ip {trop de demandes de courriel depuis votre adresse} reports_address {trop de signalements depuis votre adresse} queue {trop d’entrées dans la file « Jouer maintenant »} other {trop d’essais}} : réessayez dans {minutes, plural, =0 {{seconds} s} other {# min}}',
  'reply.sit': 'vous êtes à la place {seat}',
  'reply.left': 'vous avez quitté la place {seat}',
  'reply.kicked': '{name} n’est plus à la place {seat}',
  'reply.bot': '{name} est à la place {seat}',
  'reply.option': '{option} = {value}',
  'reply.players': '{n} places',
  'reply.start': 'la partie commence',
  'reply.resigned': 'vous avez abandonné',
  'reply.stopped': 'vous avez arrêté la partie',
  'who.open': '{game}, en attente de joueurs',
  'who.playing': '{game}, en cours',
  'who.over': '{game}, terminée',
  'who.free': 'place {seat} : libre',
  'who.seat': 'place {seat} : {name}',
  'who.host': 'place {seat} : {name} (hôte)',
  'who.away': 'place {seat} : {name} (déconnecté)',
  'who.hostAway': 'place {seat} : {name} (hôte, déconnecté)',
  'who.bot': 'place {seat} : {name} (robot)',
  'resign.already': 'vous avez déjà abandonné',
  'abort.noGame': 'aucune partie en cours à annuler',
  'abort.tooLate':
    '{unit, select, years {chaque place a joué sa première année} other {chaque place a joué {n} coups}} : la partie ne peut plus être annulée (/resign pour abandonner)',
  'reply.resignedStandIn':
    'vous avez abandonné : un robot joue votre place jusqu’à la fin, et vous êtes classé dernier',
  'reply.aborted': 'vous avez annulé la partie',
  'line.resignsStandIn': '{name} abandonne : un robot {level} joue pour {name}',
  'line.aborts': '{name} annule la partie',
  'who.resigned': 'place {seat} : {name} (a abandonné)',
  'who.standIn': 'place {seat} : {name} (un robot {level} joue pour {name})',
  'clock.usage':
    'usage : /option clock none | live INITIALE INCRÉMENT | turn PAR_COUP (par ex. live 5m 5, turn 1d)',
  'clock.range':
    'une pendule live a de 1 s à 1 j et de 0 à 1 h par coup ; une pendule turn a de 1 s à 30 j par coup',
  'game.notPlaying': 'aucune partie en cours',
  'back.notAway': 'vous jouez déjà votre place vous-même',
  'back.resigned': 'vous avez abandonné : un robot joue votre place jusqu’à la fin',
  'claim.clock': 'cette table a une pendule : un joueur à court de temps est remplacé par un robot',
  'claim.nobody': 'personne d’autre ne joue sa propre place ici',
  'claim.notYet': 'vous ne pouvez pas encore réclamer : {waits}',
  'move.outOfTime': 'votre temps est écoulé : un robot joue pour vous (reprenez votre place avec /back)',
  'reply.back': 'vous jouez de nouveau votre place',
  'reply.claimed': 'des robots jouent maintenant pour {names}',
  'line.timeOut': '{name} est à court de temps : un robot {level} joue pour {name}',
  'line.back': '{name} est de retour et joue de nouveau la place {seat}',
  'line.claims': '{name} réclame : {names} sont partis, et des robots {level} jouent pour eux',
  // Pourquoi une partie, ou certains de ses joueurs, n’ont pas été classés (l’écran de fin)
  'rating.fewMoves':
    '{unit, select, years {{name} n’a pas joué une année entière} other {{name} a joué moins de {n} coups}} : {name} n’est pas classé, et personne n’est classé contre {name}',
  'rating.sameAddress':
    '{a} et {b} ont joué depuis la même adresse : ils ne sont pas classés l’un contre l’autre',
  'rating.pairLimit':
    '{a} et {b} avaient déjà joué {n, plural, one {# partie classée} other {# parties classées}} ensemble dans les dernières 24 heures : ils ne sont pas classés l’un contre l’autre',
  'rating.botsOnly':
    'aucun joueur inscrit n’a été classé ici : les robots ne sont classés que contre des personnes',
  'rating.guestHost':
    'seul un joueur inscrit peut accueillir une partie classée : gardez d’abord votre nom avec un mot de passe (Créer un compte)',
  'rating.roundPending':
    'les classements changeront quand toutes les tables de la ronde auront fini : elles jouent la même donne, et un classement leur dirait comment celle-ci s’est passée',
  'player.none': 'aucun joueur ne s’appelle {name}',
  'leaderboard.none': 'pas de classement pour {game} : ce jeu n’existe pas',
  'tournament.none': 'le tournoi {tournament} n’existe pas',
  'tournament.registeredOnly': 'seul un joueur inscrit peut faire ceci : enregistrez d’abord votre nom',
  'tournament.tooMany':
    'vous organisez déjà {n, plural, one {# tournoi} other {# tournois}} non terminés : le maximum pour un joueur',
  'tournament.notOpen': 'le tournoi a commencé : les inscriptions sont closes',
  'tournament.full': 'le tournoi est complet ({n} joueurs)',
  'tournament.already': 'vous êtes déjà inscrit',
  'tournament.notRegistered': 'vous n’êtes pas inscrit à ce tournoi',
  'tournament.organiserOnly': 'seul l’organisateur ({name}) peut faire ceci',
  'tournament.tooFew': 'un tournoi doit compter au moins {n} joueurs pour commencer',
  'tournament.seats': '{game} se joue de {min} à {max} joueurs : des tables de {seats} sont impossibles',
  'tournament.maxPlayers': 'au plus {n} joueurs peuvent participer',
  'tournament.startsAt': 'l’heure de début doit être dans le futur',
  'tournament.roundSecret':
    'cette table joue une ronde en donne identique : les autres tables reçoivent la même donne, elle pourra donc être regardée, et sa partie rejouée, quand toutes les tables de la ronde seront finies',
  'tournament.chatSecret':
    'cette table joue une ronde en donne identique : tant que toutes les tables de la ronde ne sont pas finies, seuls ses joueurs peuvent y écrire ou y envoyer des commandes',
  'help.join': '/join [place] — s’asseoir (à la première place libre, ou à cette place)',
  'help.leave': '/leave — se lever (avant le début)',
  'help.start': '/start — lancer la partie (l’hôte, quand toutes les places sont prises)',
  'help.option':
    '/option NOM [VALEUR] — régler une option avant le début (l’hôte) ; /option players N change le nombre de places ; /option rated on|off : partie classée ou non',
  'help.clock':
    '/option clock none | live INITIAL INCRÉMENT | turn PAR_COUP — la pendule de la table (l’hôte) : live 5m 5 donne à chaque place 5 minutes et 5 s par coup ; turn 1d donne un jour par coup (durées : 90, 90s, 5m, 2h, 1d)',
  'help.standin': `/option standin ${BOT_LEVELS.join('|')} — le robot qui joue pour un joueur à court de temps, qui abandonne ou qu’on réclame (greedy par défaut)`,
  'help.kick': '/kick NOM — renvoyer un joueur assis dans le public (l’hôte, avant le début)',
  'help.bot': `/bot [${BOT_LEVELS.join('|')}] — asseoir un robot à la première place libre (l’hôte, avant le début ; greedy par défaut)`,
  'help.who': '/who — qui est assis où',
  'help.resign':
    '/resign — abandonner la partie que vous jouez (à 3 places ou plus, un robot joue votre place et vous êtes classé dernier)',
  'help.back':
    '/back — reprendre votre place au robot qui a joué pour vous pendant votre absence ou à court de temps',
  'help.abort':
    '/abort — annuler la partie tant qu’une place {unit, select, years {n’a pas joué sa première année} other {a joué moins de {n} coups}} (sans gagnant, non classée)',
  'help.claim':
    '/claim — dans une partie sans pendule, confier à des robots les places des adversaires tous absents depuis un moment',
  'help.stop':
    '/stop — arrêter une partie que seuls des robots jouent, sans gagnant (son hôte, ou un joueur de la table)',
  'help.help': '/help — cette liste',
  'help.options': 'Options de {game} :',
  'help.players': '/option players {min}..{max} — nombre de places à la table',
  'help.optionLine': '/option {name} {values} — {label} (par défaut {default})',
  'line.sits': '{name} s’assoit à la place {seat}',
  'line.left': '{name} a quitté la place {seat}',
  'line.kicked': '{host} a renvoyé {name} dans le public',
  'line.newHost': '{name} est maintenant l’hôte',
  'line.bot': '{host} assoit {name} à la place {seat}',
  'line.option': '{name} règle {option} = {value}',
  'line.players': '{name} règle {n} places',
  'line.start': 'la partie commence',
  'line.resigns': '{name} abandonne',
  'line.stops': '{name} arrête la partie',
  'moderation.notAllowed':
    '{role, select, admin {seul un administrateur de ce serveur peut faire cela} other {seul un modérateur de ce serveur peut faire cela}}',
  'moderation.lastAdmin': '{name} est le dernier administrateur : nommez d’abord un autre administrateur',
  'moderation.notRegistered':
    '{name} est un invité : seul un joueur inscrit peut être modérateur ou administrateur',
  'moderation.staff':
    '{name} est {role, select, admin {un administrateur} other {un modérateur}} : retirez-lui d’abord ce rôle',
  'moderation.bot': '{name} est un robot : il n’y a rien à modérer',
  'moderation.notMuted': '{name} n’est pas réduit au silence',
  'moderation.notBanned': '{name} n’est pas banni',
  'moderation.notBroken': 'la table {table} n’est pas mise de côté',
  'moderation.stillBroken': 'la table {table} ne se charge toujours pas et reste de côté : {reason}',
  'moderation.keepTable':
    'la table {table} {kind, select, rated {a compté pour le classement} other {fait partie d’un tournoi}} : on peut la libérer, pas la supprimer',
  'chat.none': 'ce message n’existe pas',
  'chat.hidden': 'ce message est déjà masqué',
  'chat.muted':
    'un modérateur vous a réduit au silence : vous pourrez écrire de nouveau dans {unit, select, days {{n} j} hours {{n} h} other {{n} min}}',
  'account.banned': 'ce compte est banni de ce serveur',
  'address.banned': 'votre adresse est bannie de ce serveur : ni nouveau nom ni connexion depuis elle',
  'report.self': 'vous ne pouvez pas vous signaler vous-même',
  'report.bot': 'un robot ne fait que jouer : il n’y a rien à signaler',
  'report.system': 'c’est la table qui a écrit ce message : personne à signaler',
  'report.already': 'vous avez déjà fait ce signalement : un modérateur le lira',
  'report.tooMany':
    'vous avez fait {n, plural, one {# signalement} other {# signalements}} ces dernières 24 heures, le maximum pour un joueur : un modérateur les lira',
  'report.none': 'le signalement {report} n’existe pas',
  'report.closed': 'le signalement {report} a déjà été traité',
  'line.closed': 'un modérateur a clos la partie : pas de gagnant, et elle ne compte pas pour le classement',
  'review.notOver': 'cette partie se joue encore : les robots l’analyseront quand elle sera finie',
  'review.tooMany':
    'vous avez demandé {n, plural, one {# analyse} other {# analyses}} ces dernières 24 heures, le maximum pour un joueur : les analyses demandées par d’autres vous restent ouvertes',
  // Amis, blocages, tables privées, invitations, « Rejouer » (friends/)
  'follow.self': 'vous ne pouvez pas vous suivre vous-même',
  'follow.refused': 'on ne peut pas suivre {name}',
  'follow.tooMany':
    'vous suivez {n, plural, one {# joueur} other {# joueurs}}, le maximum pour un joueur : cessez d’en suivre un d’abord',
  'block.self': 'vous ne pouvez pas vous bloquer vous-même',
  'block.tooMany':
    'vous avez bloqué {n, plural, one {# joueur} other {# joueurs}}, le maximum pour un joueur : débloquez-en un d’abord',
  'invite.refused': 'on ne peut pas inviter {name} à cette table',
  'invite.seated': '{name} est déjà assis à cette table',
  'invite.already': '{name} est déjà invité à cette table',
  'invite.notSeated': 'seul un joueur de cette table peut y inviter quelqu’un',
  'invite.started': 'la partie de cette table a commencé : on ne peut plus y inviter personne',
  'invite.tooMany':
    'vous avez envoyé {n, plural, one {# invitation} other {# invitations}} ces dernières 24 heures, le maximum pour un joueur',
  'invite.linkInvalid': 'ce lien d’invitation n’est pas valable, ou il a déjà servi : demandez-en un nouveau',
  'invite.linkExpired': 'ce lien d’invitation a expiré : demandez-en un nouveau',
  'invite.none': 'cette invitation n’existe pas',
  'table.private': 'cette table est privée : seuls les joueurs invités peuvent s’y asseoir',
  'table.privateWatch': 'cette table est privée : seuls ses joueurs et les invités peuvent la regarder',
  'reliability.below':
    'il faut une fiabilité d’au moins {least} % et la vôtre est de {share} % : terminez les parties que vous commencez pour la relever',
  'reliability.guest':
    'il faut une fiabilité d’au moins {least} % : un invité n’en a pas, créez un compte pour jouer ici',
  'again.notOver': 'cette partie n’est pas encore finie',
  'again.notPlayer': 'seuls les joueurs de cette partie peuvent la rejouer',
  // Tournament tables (the table page's layout).
  'abort.tournament': 'c’est une partie de tournoi : elle ne peut pas être annulée (/resign pour abandonner)',
  // "Jouer maintenant" (server/src/queue/).
  'queue.already': 'vous attendez déjà une partie : annulez d’abord cette attente',
  // Reprendre un coup (issue 30 §4)
  'undo.none': 'vous n’avez pas de coup à reprendre',
  'undo.seen': 'ce coup ne peut plus être repris : quelque chose de nouveau a été vu depuis',
  'undo.standIn': 'ce coup a été joué par le robot qui jouait pour vous : il ne peut pas être repris',
  'undo.clock':
    'ce coup ne peut plus être repris : votre temps d’avant ce coup est écoulé, ou les pendules ont changé depuis',
};

const LOCALES: Record<Lang, string> = { en: 'en-US', fr: 'fr-FR' };

/** Something the server said: its English text, and its code and parameters when it sent them. */
export interface Said {
  text: string;
  code?: string;
  params?: Params;
}

/** What a refusal says (`{ok: false, error, code?, params?}`). */
export function saidOf(refusal: { error: string; code?: unknown; params?: unknown }): Said {
  return {
    text: refusal.error,
    code: typeof refusal.code === 'string' ? refusal.code : undefined,
    params: isParams(refusal.params) ? refusal.params : undefined,
  };
}

/**
 * What a failed HTTP request says: the server's words when it sent a code; `invalid` when it found the request
 * malformed (its reasons, from the schema, are English only: the form says in its own words what it expects); "no
 * answer" when the server could not be reached.
 */
export function saidOfFailure(caught: unknown, invalid: Said): Said {
  if (!(caught instanceof HttpError)) return { text: MESSAGES['request.noAnswer'], code: 'request.noAnswer' };
  if (caught.code === undefined && caught.status === 400) return invalid;
  return saidOf(caught);
}

function isParams(value: unknown): value is Params {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number')
  );
}

/**
 * Says what the server said in `lang`: from its code when this client knows it, else in the English the server sent.
 * A `label` parameter is the key of a label in the client's translations (an option's), said in `lang` too; a
 * `clock` parameter (`none`, `live 300 5`, `turn 86400`) is a clock setting, said in `lang` as `value`.
 */
export function sayServer(lang: Lang, said: Said): string {
  if (!isMessageCode(said.code)) return said.text;
  const template = lang === 'fr' ? SERVER_FR[said.code] : MESSAGES[said.code];
  const params = said.params ? { ...said.params } : undefined;
  if (params && typeof params.clock === 'string') params.value = sayClock(lang, params.clock, params.value);
  if (params && typeof params.label === 'string')
    params.label = Object.hasOwn(DICTIONARIES.en, params.label)
      ? translate(lang, params.label as Key)
      : String(params.help ?? params.label);
  return fillTemplate(template, params, LOCALES[lang]);
}

/** A clock setting sent as `none`, `live INITIAL INCREMENT` or `turn PER_MOVE` (seconds), in `lang`; else `fallback`. */
function sayClock(lang: Lang, param: string, fallback: string | number | undefined): string | number {
  const t = (key: Key, params?: Record<string, string | number>) => translate(lang, key, params);
  const [kind, ...numbers] = param.split(' ');
  const seconds = numbers.map(Number);
  if (seconds.some((n) => !Number.isSafeInteger(n) || n < 0)) return fallback ?? param;
  if (kind === 'none' && seconds.length === 0) return describeClock(null, t);
  if (kind === 'live' && seconds.length === 2)
    return describeClock({ kind, initial: seconds[0] as number, increment: seconds[1] as number }, t);
  if (kind === 'turn' && seconds.length === 1)
    return describeClock({ kind, perMove: seconds[0] as number }, t);
  return fallback ?? param;
}
