/**
 * The words of the e-mails, in English and French (the account's language, `users.language`; English when unset).
 * Plain text: nothing in them is drawn from what another person typed but a player's name (2 to 20 letters and
 * digits) and a game's title.
 */
import type { Letter } from './mailer.js';

export type MailLang = 'en' | 'fr';

export const mailLang = (language: string | null | undefined): MailLang => (language === 'fr' ? 'fr' : 'en');

/** "3 hours", "1 jour": the waits and lifetimes the e-mails mention, in whole hours (or minutes below one). */
function duration(lang: MailLang, minutes: number): string {
  const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;
  if (minutes < 60) return plural(minutes, 'minute', 'minutes');
  const hours = Math.round(minutes / 60);
  if (hours % 24 === 0 && hours >= 24)
    return lang === 'fr' ? plural(hours / 24, 'jour', 'jours') : plural(hours / 24, 'day', 'days');
  return lang === 'fr' ? plural(hours, 'heure', 'heures') : plural(hours, 'hour', 'hours');
}

type Draft = Omit<Letter, 'to'>;

export function confirmLetter(
  lang: MailLang,
  p: { name: string; email: string; link: string; hours: number },
): Draft {
  const valid = duration(lang, p.hours * 60);
  if (lang === 'fr')
    return {
      subject: 'Skyline : confirmez votre adresse',
      text: [
        `Bonjour ${p.name},`,
        '',
        `Pour confirmer que ${p.email} est l’adresse de votre compte Skyline, ouvrez ce lien (valable ${valid}) :`,
        '',
        p.link,
        '',
        'Si vous n’avez rien demandé, ne faites rien : cette adresse ne sera pas ajoutée.',
      ].join('\n'),
    };
  return {
    subject: 'Skyline: confirm your address',
    text: [
      `Hello ${p.name},`,
      '',
      `To confirm that ${p.email} is the address of your Skyline account, open this link (valid for ${valid}):`,
      '',
      p.link,
      '',
      'If you did not ask for this, do nothing: the address will not be added.',
    ].join('\n'),
  };
}

export function resetLetter(lang: MailLang, p: { name: string; link: string; minutes: number }): Draft {
  const valid = duration(lang, p.minutes);
  if (lang === 'fr')
    return {
      subject: 'Skyline : choisir un nouveau mot de passe',
      text: [
        `Bonjour ${p.name},`,
        '',
        `Pour choisir un nouveau mot de passe pour votre compte Skyline, ouvrez ce lien (valable ${valid}, une seule fois) :`,
        '',
        p.link,
        '',
        'Si vous n’avez rien demandé, ne faites rien : votre mot de passe ne change pas.',
      ].join('\n'),
    };
  return {
    subject: 'Skyline: choose a new password',
    text: [
      `Hello ${p.name},`,
      '',
      `To choose a new password for your Skyline account, open this link (valid for ${valid}, once):`,
      '',
      p.link,
      '',
      'If you did not ask for this, do nothing: your password does not change.',
    ].join('\n'),
  };
}

export function reminderLetter(
  lang: MailLang,
  p: { name: string; game: string; waitedMinutes: number; link: string; unsubscribe: string },
): Draft {
  const waited = duration(lang, p.waitedMinutes);
  if (lang === 'fr')
    return {
      subject: `Skyline : ${p.game} vous attend`,
      text: [
        `Bonjour ${p.name},`,
        '',
        `Votre partie de ${p.game} attend votre coup depuis ${waited}. Pour jouer :`,
        '',
        p.link,
        '',
        `Pour ne plus recevoir ces rappels (un clic) : ${p.unsubscribe}`,
      ].join('\n'),
    };
  return {
    subject: `Skyline: ${p.game} is waiting for you`,
    text: [
      `Hello ${p.name},`,
      '',
      `Your game of ${p.game} has waited ${waited} for your move. To play:`,
      '',
      p.link,
      '',
      `To stop these reminders (one click): ${p.unsubscribe}`,
    ].join('\n'),
  };
}

/** The daily digest (`digest.ts`): every game awaiting the player, each with its link. */
export function digestLetter(
  lang: MailLang,
  p: { name: string; games: { game: string; waitedMinutes: number; link: string }[]; unsubscribe: string },
): Draft {
  const n = p.games.length;
  if (lang === 'fr')
    return {
      subject: `Skyline : ${n === 1 ? 'une partie vous attend' : `${n} parties vous attendent`}`,
      text: [
        `Bonjour ${p.name},`,
        '',
        n === 1 ? 'Cette partie attend votre coup :' : 'Ces parties attendent votre coup :',
        '',
        ...p.games.map((g) => `- ${g.game}, depuis ${duration(lang, g.waitedMinutes)} : ${g.link}`),
        '',
        `Pour ne plus recevoir ces rappels (un clic) : ${p.unsubscribe}`,
      ].join('\n'),
    };
  return {
    subject: `Skyline: ${n === 1 ? 'a game is' : `${n} games are`} waiting for you`,
    text: [
      `Hello ${p.name},`,
      '',
      n === 1 ? 'This game awaits your move:' : 'These games await your move:',
      '',
      ...p.games.map((g) => `- ${g.game}, for ${duration(lang, g.waitedMinutes)}: ${g.link}`),
      '',
      `To stop these reminders (one click): ${p.unsubscribe}`,
    ].join('\n'),
  };
}

/** An invitation to a table (`EmailAccounts.invitation`). */
export function invitationLetter(
  lang: MailLang,
  p: { name: string; from: string; game: string; link: string },
): Draft {
  if (lang === 'fr')
    return {
      subject: `Skyline : ${p.from} vous invite à jouer à ${p.game}`,
      text: [
        `Bonjour ${p.name},`,
        '',
        `${p.from} vous invite à sa table de ${p.game}. Pour la rejoindre :`,
        '',
        p.link,
        '',
        'Ces e-mails se désactivent dans vos réglages (Amis).',
      ].join('\n'),
    };
  return {
    subject: `Skyline: ${p.from} invites you to play ${p.game}`,
    text: [
      `Hello ${p.name},`,
      '',
      `${p.from} invites you to their table of ${p.game}. To join it:`,
      '',
      p.link,
      '',
      'You can turn these e-mails off in your settings (Friends).',
    ].join('\n'),
  };
}
