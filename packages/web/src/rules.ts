/** Short rules of each game, in English and French (the full rules: `shared/spec/*.md`). */
import type { Lang } from './i18n.js';

export interface RulesText {
  title: string;
  players: string;
  paragraphs: Record<Lang, string[]>;
}

export const RULES: Record<string, RulesText> = {
  nyny: {
    title: 'New York, New York',
    players: '2–4',
    paragraphs: {
      en: [
        'The skyline is a ring of 12 positions, numbered 1 to 12 (12 and 1 are neighbours). 48 tiles: the numbers 1 to 12 in four colours; each player owns a colour.',
        'On your turn, play a tile from your hand on the position of its number — on an empty position, or on top of a tile of a lower number — then take a tile from the pool. If you cannot or will not play, pass.',
        'The round ends when nobody can play. Each top tile of your colour scores its number; with the advanced rule, runs of neighbouring positions topped by your colour score a bonus (2: +3, 3: +6, 4: +10, 5: +15, 6 or more: +25).',
        'Simultaneous variant: everyone chooses a tile face down at once; the choices are revealed together, and tiles that clash go to the box.',
      ],
      fr: [
        'La ligne d’horizon est un anneau de 12 emplacements numérotés de 1 à 12 (le 12 et le 1 sont voisins). 48 tuiles : les nombres de 1 à 12 en quatre couleurs ; chaque joueur a une couleur.',
        'À votre tour, posez une tuile de votre main sur l’emplacement de son nombre — vide, ou sur une tuile de nombre plus petit — puis prenez une tuile de la réserve. Si vous ne pouvez ou ne voulez pas poser, passez.',
        'La manche finit quand plus personne ne peut jouer. Chaque tuile du dessus de votre couleur rapporte son nombre ; avec la règle avancée, les suites d’emplacements voisins de votre couleur donnent un bonus (2 : +3, 3 : +6, 4 : +10, 5 : +15, 6 et plus : +25).',
        'Variante simultanée : tout le monde choisit une tuile face cachée en même temps ; les choix sont révélés ensemble, et les tuiles en conflit sont écartées.',
      ],
    },
  },
  manhattan: {
    title: 'Manhattan',
    players: '2–4',
    paragraphs: {
      en: [
        'Six cities of 3×3 lots. At the start of each round every player chooses the building pieces (1 to 4 floors) they will place this round.',
        'On your turn, play a card: it shows a lot, the same in every city. Place one of your pieces there — on an empty lot, or on a building where you then have at least as many floors as its owner. The top piece’s colour owns the building.',
        'After each round: 1 point per building you own, 2 per city where you own the most buildings, 3 for the tallest building. Most points after the last round wins.',
      ],
      fr: [
        'Six villes de 3×3 terrains. Au début de chaque manche, chaque joueur choisit les pièces (1 à 4 étages) qu’il posera dans la manche.',
        'À votre tour, jouez une carte : elle montre un terrain, le même dans chaque ville. Posez-y une de vos pièces — sur un terrain vide, ou sur un immeuble où vous aurez alors au moins autant d’étages que son propriétaire. La couleur du dessus possède l’immeuble.',
        'Après chaque manche : 1 point par immeuble possédé, 2 par ville où vous avez le plus d’immeubles, 3 pour le plus haut immeuble. Le plus de points à la fin gagne.',
      ],
    },
  },
  mycity: {
    title: 'My City',
    players: '2–4',
    paragraphs: {
      en: [
        'Everyone has the same board: grass, trees, rocks, a river, mountains and forest. A building card is revealed; everyone places that building on their own board at once — turned as you like, never mirrored — or passes (marker −1) or stops for the episode.',
        'A building may not cover the river, mountains or forest; the first one touches the river bank, later ones touch your earlier buildings.',
        'Score: the marker, plus 1 per visible tree, minus 1 per visible rock and per empty grass square. The series’ totals decide.',
      ],
      fr: [
        'Chacun a le même plateau : herbe, arbres, rochers, une rivière, des montagnes et la forêt. Une carte bâtiment est révélée ; chacun pose ce bâtiment sur son plateau en même temps — tourné à volonté, jamais retourné — ou passe (marqueur −1), ou s’arrête pour l’épisode.',
        'Un bâtiment ne peut couvrir ni la rivière, ni les montagnes, ni la forêt ; le premier touche la rivière, les suivants touchent vos bâtiments.',
        'Score : le marqueur, plus 1 par arbre visible, moins 1 par rocher visible et par case d’herbe vide. Les totaux de la série décident.',
      ],
    },
  },
  chinatown: {
    title: 'Chinatown',
    players: '3–5',
    paragraphs: {
      en: [
        'Six blocks of numbered lots. Each round you receive lot cards and keep some to settle (put your marker on those lots), and draw shop tiles.',
        'Then trade freely: lots, tiles and money, in offers that the other player accepts or declines. When everyone is ready, place your tiles on your empty lots.',
        'Shops of the same kind next to each other, owned by you, form a business; a complete one earns much more. Income is paid each round; the richest at the end wins.',
      ],
      fr: [
        'Six pâtés de terrains numérotés. À chaque manche vous recevez des cartes terrain et en gardez pour vous installer (votre marqueur sur ces terrains), et vous piochez des tuiles commerce.',
        'Puis on négocie librement : terrains, tuiles et argent, par des offres que l’autre accepte ou refuse. Quand tout le monde est prêt, posez vos tuiles sur vos terrains vides.',
        'Des commerces du même type côte à côte, à vous, forment une entreprise ; complète, elle rapporte bien plus. Les revenus tombent à chaque manche ; le plus riche à la fin gagne.',
      ],
    },
  },
};
