/**
 * The rules of each game, in English and French, as the platform plays them, in words a player can learn from: the
 * reference for what the engines in `packages/games` implement (every decision taken where the printed rules are
 * silent, that a player notices, is in the last section).
 */
import type { Lang } from './i18n.js';

/** One section of a game's rules: a heading, its paragraphs, and an optional bulleted list after them. */
export interface RulesSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface RulesText {
  title: string;
  players: string;
  /** The same number of sections in every language, with the same meaning in the same order. */
  sections: Record<Lang, RulesSection[]>;
}

const nyny: RulesText = {
  title: 'New York, New York',
  players: '2–4',
  sections: {
    en: [
      {
        heading: 'Overview',
        paragraphs: [
          'Together the players build the skyline of New York: twelve positions, numbered 1 to 12, in a ring (position 12 and position 1 are neighbours). Each player owns a colour. A tile always goes on the position of its number and covers what is already there, so only the top tile of each position counts.',
          'At the end of a round you score the numbers of the top tiles of your colour, plus a bonus for runs of neighbouring positions in your colour. The highest total after the last round wins.',
        ],
      },
      {
        heading: 'Components',
        paragraphs: ['48 tiles: the numbers 1 to 12 in four colours — red, blue, yellow and green.'],
        list: [
          'The first player at the table owns red, the second blue, the third yellow, the fourth green.',
          'Colours that nobody owns are neutral: they are played like any other tile, but score for nobody.',
        ],
      },
      {
        heading: 'Setup (each round)',
        paragraphs: [
          'The 48 tiles are shuffled. Each player receives 6 tiles in hand, hidden from the others. The next 6 are laid face up: the pool. The rest is the face-down deck. The skyline starts empty.',
          'In the first round the starting player is drawn at random; in every later round the player to the left (clockwise) of the previous round’s starting player begins, so that everyone starts a round in turn.',
        ],
      },
      {
        heading: 'A turn',
        paragraphs: ['Play goes clockwise. On your turn:'],
        list: [
          'Play a tile from your hand onto the skyline position of its number (a 5 goes on position 5). If tiles are already there, yours goes on top and covers them. You may play your numbers in any order.',
          'Then take one tile of any colour from the pool into your hand, and the top tile of the deck is turned face up to refill the pool. If the pool is empty after your play, you take nothing.',
          'Instead of playing, you may pass at the start of your turn. A player who passes is out for the rest of the round: no more turns, and the tiles left in hand are never played. Passing at the right moment keeps strong tiles of other colours off the skyline.',
          'The turn then goes to the next player clockwise who has not passed and still holds a tile.',
        ],
      },
      {
        heading: 'End of a round',
        paragraphs: [
          'Once the deck is empty the pool runs out, and then the players play out their hands. The round ends when no player who has not passed holds a tile: every tile has been played, or everyone has passed, or the players still in have emptied their hands.',
        ],
      },
      {
        heading: 'Scoring',
        paragraphs: [
          'Only the top tile of each position counts. Each player scores the sum of the numbers on the top tiles of their colour, plus a bonus for every run: a longest possible series of neighbouring positions (12 and 1 are neighbours) whose top tiles are all of their colour. An empty position breaks a run.',
        ],
        list: [
          'Run of 1 tile: no bonus.',
          'Run of 2 tiles: +3.',
          'Run of 3 tiles: +6.',
          'Run of 4 tiles: +10.',
          'Run of 5 tiles: +15.',
          'Run of 6 tiles or more: +25.',
          'Example (r red, b blue, y yellow, g green) — top tiles of positions 1 to 12: r1 r2 b3 b4 b5 (empty) y7 g8 g9 r10 r11 r12. Red: 1 + 2 + 10 + 11 + 12 = 36, and 10-11-12-1-2 is one run of 5 (+15): 51. Blue: 3 + 4 + 5 = 12, a run of 3 (+6): 18. Yellow: 7. Green: 8 + 9 = 17, a run of 2 (+3): 20.',
        ],
      },
      {
        heading: 'End of the game',
        paragraphs: [
          'Each round’s score is added to the player’s total; the next round starts with a new deal and an empty skyline. After the last round, the highest total wins; players tied for first share the win.',
        ],
      },
      {
        heading: 'Simultaneous variant (30th anniversary)',
        paragraphs: ['Every other rule stays the same; each turn becomes:'],
        list: [
          'Choose: every player still in the round (not passed, tiles in hand) secretly chooses a tile from their hand, or passes. A choice cannot be changed once sent.',
          'Reveal: when everyone has chosen, the tiles are revealed together. Every tile whose number was revealed more than once this turn goes to the box and is out of the game. The others are placed on the skyline, lowest number first.',
          'Take: each player who revealed a tile (placed or boxed) takes one tile from the pool, one player at a time, and the pool is refilled from the deck after each take.',
        ],
      },
      {
        heading: 'Options at table creation',
        paragraphs: [],
        list: [
          'How turns work: classic (one player after another, the default) or simultaneous (the 30th-anniversary variant above).',
          'Rounds in the match: 1 to 10 (default 1). The rulebook recommends as many rounds as there are players, so that each one starts a round.',
          'Score bonuses for runs of your colour (the advanced rule; on by default). Without it you play the basic game: only the numbers of your top tiles count.',
        ],
      },
      {
        heading: 'How this platform plays it',
        paragraphs: ['Where the rule texts are silent or unclear, the platform decides:'],
        list: [
          'Each player starts one round in turn: the starting player moves one seat clockwise every round.',
          'A round also ends when the only tiles left are stuck in the hands of players who have passed.',
          'A run longer than six tiles scores +25, once. If all twelve positions show one colour, that is a single run of 12: +25.',
          'In the simultaneous variant, players take from the pool in ascending order of the number they revealed; players who revealed the same number take clockwise from the round’s starting player.',
          'The score shown during the game is your total of finished rounds plus what the current skyline would score now.',
        ],
      },
    ],
    fr: [
      {
        heading: 'En bref',
        paragraphs: [
          'Ensemble, les joueurs bâtissent la ligne d’horizon de New York : douze emplacements numérotés de 1 à 12, disposés en anneau (le 12 et le 1 sont voisins). Chaque joueur possède une couleur. Une tuile se pose toujours sur l’emplacement de son nombre et recouvre ce qui s’y trouve : seule la tuile du dessus de chaque emplacement compte.',
          'À la fin d’une manche, vous marquez les nombres des tuiles du dessus de votre couleur, plus un bonus pour les suites d’emplacements voisins de votre couleur. Le plus haut total après la dernière manche l’emporte.',
        ],
      },
      {
        heading: 'Matériel',
        paragraphs: ['48 tuiles : les nombres de 1 à 12 en quatre couleurs — rouge, bleu, jaune et vert.'],
        list: [
          'Le premier joueur de la table a le rouge, le deuxième le bleu, le troisième le jaune, le quatrième le vert.',
          'Les couleurs qui n’appartiennent à personne sont neutres : elles se jouent comme les autres mais ne rapportent rien à personne.',
        ],
      },
      {
        heading: 'Mise en place (à chaque manche)',
        paragraphs: [
          'On mélange les 48 tuiles. Chaque joueur en reçoit 6 en main, cachées aux autres. Les 6 suivantes sont posées face visible : c’est la réserve. Le reste forme la pioche, face cachée. La ligne d’horizon est vide.',
          'À la première manche, le premier joueur est tiré au sort ; à chaque manche suivante, c’est le voisin de gauche (dans le sens horaire) de celui qui a commencé la manche précédente : chacun commence une manche à son tour.',
        ],
      },
      {
        heading: 'Le tour de jeu',
        paragraphs: ['On joue dans le sens des aiguilles d’une montre. À votre tour :'],
        list: [
          'Posez une tuile de votre main sur l’emplacement de son nombre (un 5 va sur l’emplacement 5). S’il y a déjà des tuiles, la vôtre se pose dessus et les recouvre. Vous jouez vos nombres dans l’ordre que vous voulez.',
          'Prenez ensuite une tuile de la réserve, de n’importe quelle couleur ; la tuile du dessus de la pioche est retournée pour compléter la réserve. Si la réserve est vide après votre pose, vous ne prenez rien.',
          'Au lieu de poser, vous pouvez passer en début de tour. Qui passe est hors jeu jusqu’à la fin de la manche : il ne joue plus, et les tuiles restées dans sa main ne seront jamais posées. Passer au bon moment permet de garder hors de la ville de fortes tuiles des autres couleurs.',
          'Le tour revient ensuite au joueur suivant, dans le sens horaire, qui n’a pas passé et a encore une tuile en main.',
        ],
      },
      {
        heading: 'Fin d’une manche',
        paragraphs: [
          'Une fois la pioche épuisée, la réserve s’épuise à son tour, puis chacun finit sa main. La manche s’achève quand plus aucun joueur n’ayant pas passé n’a de tuile : toutes les tuiles sont posées, ou tout le monde a passé, ou ceux qui restent en jeu ont vidé leur main.',
        ],
      },
      {
        heading: 'Décompte',
        paragraphs: [
          'Seule la tuile du dessus de chaque emplacement compte. Chaque joueur marque la somme des nombres des tuiles du dessus de sa couleur, plus un bonus pour chaque suite : une série, aussi longue que possible, d’emplacements voisins (le 12 et le 1 sont voisins) dont les tuiles du dessus sont toutes de sa couleur. Un emplacement vide coupe une suite.',
        ],
        list: [
          'Suite de 1 tuile : pas de bonus.',
          'Suite de 2 tuiles : +3.',
          'Suite de 3 tuiles : +6.',
          'Suite de 4 tuiles : +10.',
          'Suite de 5 tuiles : +15.',
          'Suite de 6 tuiles ou plus : +25.',
          'Exemple (r rouge, b bleu, y jaune, g vert) — tuiles du dessus des emplacements 1 à 12 : r1 r2 b3 b4 b5 (vide) y7 g8 g9 r10 r11 r12. Rouge : 1 + 2 + 10 + 11 + 12 = 36, et 10-11-12-1-2 forme une suite de 5 (+15) : 51. Bleu : 3 + 4 + 5 = 12, une suite de 3 (+6) : 18. Jaune : 7. Vert : 8 + 9 = 17, une suite de 2 (+3) : 20.',
        ],
      },
      {
        heading: 'Fin de la partie',
        paragraphs: [
          'Le score de chaque manche s’ajoute au total du joueur ; la manche suivante commence par une nouvelle donne, sur une ligne d’horizon vide. Après la dernière manche, le plus haut total l’emporte ; les ex æquo se partagent la victoire.',
        ],
      },
      {
        heading: 'Variante simultanée (30 ans du jeu)',
        paragraphs: ['Toutes les autres règles restent les mêmes ; chaque tour se déroule ainsi :'],
        list: [
          'Choix : chaque joueur encore en jeu (il n’a pas passé et a des tuiles en main) choisit en secret une tuile de sa main, ou passe. Un choix envoyé ne peut plus être changé.',
          'Révélation : quand tout le monde a choisi, les tuiles sont révélées ensemble. Toute tuile dont le nombre a été révélé plusieurs fois ce tour-ci retourne dans la boîte et sort du jeu. Les autres sont posées sur la ligne d’horizon, de la plus petite à la plus grande.',
          'Prise : chaque joueur qui a révélé une tuile (posée ou écartée) prend une tuile de la réserve, l’un après l’autre, et la réserve est complétée par la pioche après chaque prise.',
        ],
      },
      {
        heading: 'Options à la création de la table',
        paragraphs: [],
        list: [
          'Déroulement des tours : classique (chacun son tour, par défaut) ou simultané (la variante des 30 ans ci-dessus).',
          'Manches dans la partie : de 1 à 10 (1 par défaut). La règle conseille autant de manches que de joueurs, pour que chacun en commence une.',
          'Bonus pour les suites de votre couleur (la règle avancée ; activé par défaut). Sans lui, c’est le jeu de base : seuls les nombres de vos tuiles du dessus comptent.',
        ],
      },
      {
        heading: 'Ce que fait la plateforme',
        paragraphs: ['Là où les règles originales se taisent ou sont floues, la plateforme tranche :'],
        list: [
          'Chacun commence une manche à son tour : le premier joueur avance d’une place dans le sens horaire à chaque manche.',
          'Une manche s’achève aussi quand les seules tuiles restantes sont bloquées dans la main de joueurs qui ont passé.',
          'Une suite de plus de six tuiles rapporte +25, une seule fois. Si les douze emplacements sont d’une seule couleur, c’est une seule suite de 12 : +25.',
          'Dans la variante simultanée, on prend dans la réserve dans l’ordre croissant du nombre révélé ; à nombre égal, dans le sens horaire à partir du premier joueur de la manche.',
          'Le score affiché en cours de partie est votre total des manches terminées plus ce que rapporterait la ligne d’horizon actuelle.',
        ],
      },
    ],
  },
};

const manhattan: RulesText = {
  title: 'Manhattan',
  players: '2–4',
  sections: {
    en: [
      {
        heading: 'Overview',
        paragraphs: [
          'The players put up skyscrapers in six cities around the world. A building belongs to whoever placed the piece on top of it, and buildings change hands as they grow. After every round, players score for the buildings they own, for the cities where they own the most, and for the tallest building. The highest total at the end wins.',
        ],
      },
      {
        heading: 'Components',
        paragraphs: [],
        list: [
          'The board: 6 cities numbered 1 to 6 (1 2 3 on the top row, 4 5 6 below), each with 9 lots in a 3×3 square. Lots are numbered 1 to 9 row by row (1 2 3 on the top row, 7 8 9 on the bottom row), as seen from the first player’s side.',
          'For each player, 24 building pieces in their colour: eleven of 1 floor, six of 2 floors, four of 3 floors and three of 4 floors (47 floors in all).',
          '45 building cards: five for each lot number from 1 to 9. A card shows a lot, the same in every city.',
        ],
      },
      {
        heading: 'Setup',
        paragraphs: [
          'The cards are shuffled and each player receives 4, hidden from the others; the rest is the draw pile. The starting player of the first round is drawn at random; the start then moves one seat clockwise every round.',
        ],
      },
      {
        heading: 'A round',
        paragraphs: ['The game lasts 4 rounds (6 with the six-round option). Each round has three steps:'],
        list: [
          'Choose pieces: one player at a time, from the round’s starting player and clockwise, each player takes 6 pieces from their reserve (4 with the six-round option), of any sizes they like. The choice is public.',
          'Build: from the starting player and clockwise, each player in turn plays a card from their hand and puts one of their chosen pieces on the lot the card shows, in the city of their choice; then they draw a card. The round goes on until everyone has placed all their chosen pieces.',
          'Score (see Scoring).',
        ],
      },
      {
        heading: 'Where a piece may go',
        paragraphs: [
          'A building is the stack of pieces on one lot; its height is the total of its floors, and its owner is the player whose piece is on top. A piece may go:',
        ],
        list: [
          'on an empty lot;',
          'on a building you already own;',
          'on another player’s building, if afterwards you have at least as many floors in it as its owner. A building whose owner leads by more than 4 floors can therefore never be taken.',
          'Once the piece is placed, you own the building.',
        ],
      },
      {
        heading: 'Scoring (after every round)',
        paragraphs: [],
        list: [
          '1 point for each building you own.',
          '2 points for each city where you own more buildings than every other player. If two or more players share the most buildings in a city, nobody scores it.',
          '3 points for the owner of the tallest building on the board.',
          'Example: Blue owns 9 buildings and White 8; Blue has the majority in cities 2 and 5, White in cities 1 and 3, cities 4 and 6 are tied; Blue owns the tallest building. Blue scores 9 + 2 × 2 + 3 = 16, White 8 + 2 × 2 = 12.',
        ],
      },
      {
        heading: 'End of the game',
        paragraphs: [
          'Points add up over the rounds. The game ends after the scoring of round 4 (round 6 with the six-round option). The highest total wins; players tied for first share the win.',
        ],
      },
      {
        heading: 'Options at table creation',
        paragraphs: [],
        list: [
          'Six rounds: 6 rounds of 4 pieces instead of 4 rounds of 6 (fairer with 3 players). Off by default.',
          'Perspective: as around a real table, each player reads the cards from their own side of the board. Players sit at the bottom, left, top and right of the board in seat order (with 2 players: bottom and top; with 3: bottom, left, top). From the top, card 1 means lot 9; from the left, card 1 means lot 3. Off by default: everyone reads cards as the first player does.',
        ],
      },
      {
        heading: 'How this platform plays it',
        paragraphs: ['Where the rule text is silent, the platform decides:'],
        list: [
          'The start of each round moves one seat clockwise.',
          'If none of your cards allows a legal build, you must discard a card and draw another; you stay on turn.',
          'If no lot at all can take any of your remaining chosen pieces, you skip: your smallest remaining chosen piece leaves the game and the turn passes.',
          'If several buildings share the greatest height, their owner scores the 3 points only if they all belong to the same player; otherwise nobody does.',
          'When the draw pile runs out, the discard pile is shuffled into a new one.',
        ],
      },
    ],
    fr: [
      {
        heading: 'En bref',
        paragraphs: [
          'Les joueurs élèvent des gratte-ciel dans six villes du monde. Un immeuble appartient à celui qui a posé la pièce du dessus, et il change de mains à mesure qu’il grandit. Après chaque manche, on marque des points pour ses immeubles, pour les villes où l’on en possède le plus et pour le plus haut immeuble. Le plus haut total à la fin l’emporte.',
        ],
      },
      {
        heading: 'Matériel',
        paragraphs: [],
        list: [
          'Le plateau : 6 villes numérotées de 1 à 6 (1 2 3 en haut, 4 5 6 en bas), chacune de 9 terrains en carré de 3×3. Les terrains sont numérotés de 1 à 9 ligne par ligne (1 2 3 en haut, 7 8 9 en bas), vus du côté du premier joueur.',
          'Pour chaque joueur, 24 pièces de sa couleur : onze d’un étage, six de 2 étages, quatre de 3 étages et trois de 4 étages (47 étages en tout).',
          '45 cartes construction : cinq par numéro de terrain, de 1 à 9. Une carte désigne un terrain, le même dans chaque ville.',
        ],
      },
      {
        heading: 'Mise en place',
        paragraphs: [
          'On mélange les cartes et chacun en reçoit 4, cachées aux autres ; le reste forme la pioche. Le premier joueur de la première manche est tiré au sort ; ensuite, le premier joueur avance d’une place dans le sens horaire à chaque manche.',
        ],
      },
      {
        heading: 'Une manche',
        paragraphs: [
          'La partie dure 4 manches (6 avec l’option six manches). Chaque manche compte trois étapes :',
        ],
        list: [
          'Choix des pièces : à tour de rôle, à partir du premier joueur de la manche et dans le sens horaire, chacun prend 6 pièces dans sa réserve (4 avec l’option six manches), des tailles de son choix. Ce choix est public.',
          'Construction : à partir du premier joueur et dans le sens horaire, chacun à son tour joue une carte de sa main et pose une de ses pièces choisies sur le terrain indiqué, dans la ville de son choix, puis pioche une carte. La manche continue jusqu’à ce que chacun ait posé toutes ses pièces choisies.',
          'Décompte (voir ci-dessous).',
        ],
      },
      {
        heading: 'Où poser une pièce',
        paragraphs: [
          'Un immeuble est la pile de pièces d’un terrain ; sa hauteur est le total de ses étages, et son propriétaire est le joueur dont la pièce est au sommet. Une pièce peut se poser :',
        ],
        list: [
          'sur un terrain vide ;',
          'sur un immeuble qui vous appartient déjà ;',
          'sur l’immeuble d’un autre joueur si, après la pose, vous y avez au moins autant d’étages que son propriétaire. Un immeuble dont le propriétaire a plus de 4 étages d’avance ne peut donc jamais être pris.',
          'Une fois la pièce posée, l’immeuble est à vous.',
        ],
      },
      {
        heading: 'Décompte (après chaque manche)',
        paragraphs: [],
        list: [
          '1 point par immeuble que vous possédez.',
          '2 points par ville où vous possédez plus d’immeubles que chacun des autres joueurs. Si plusieurs joueurs sont à égalité en tête dans une ville, personne ne marque pour elle.',
          '3 points au propriétaire du plus haut immeuble du plateau.',
          'Exemple : Bleu possède 9 immeubles et Blanc 8 ; Bleu est majoritaire dans les villes 2 et 5, Blanc dans les villes 1 et 3, les villes 4 et 6 sont à égalité ; Bleu possède le plus haut immeuble. Bleu marque 9 + 2 × 2 + 3 = 16, Blanc 8 + 2 × 2 = 12.',
        ],
      },
      {
        heading: 'Fin de la partie',
        paragraphs: [
          'Les points s’additionnent de manche en manche. La partie s’achève après le décompte de la quatrième manche (la sixième avec l’option six manches). Le plus haut total l’emporte ; les ex æquo se partagent la victoire.',
        ],
      },
      {
        heading: 'Options à la création de la table',
        paragraphs: [],
        list: [
          'Six manches : 6 manches de 4 pièces au lieu de 4 manches de 6 (plus juste à 3 joueurs). Désactivée par défaut.',
          'Perspective : comme autour d’une vraie table, chacun lit les cartes depuis son côté du plateau. Les joueurs sont assis en bas, à gauche, en haut et à droite du plateau, dans l’ordre des places (à 2 joueurs : en bas et en haut ; à 3 : en bas, à gauche, en haut). Vue d’en haut, la carte 1 désigne le terrain 9 ; vue de gauche, le terrain 3. Désactivée par défaut : tout le monde lit les cartes comme le premier joueur.',
        ],
      },
      {
        heading: 'Ce que fait la plateforme',
        paragraphs: ['Là où la règle se tait, la plateforme tranche :'],
        list: [
          'Le premier joueur avance d’une place dans le sens horaire à chaque manche.',
          'Si aucune de vos cartes ne permet de construire, vous devez défausser une carte et en piocher une autre ; vous restez le joueur actif.',
          'Si aucun terrain ne peut accueillir aucune de vos pièces choisies restantes, vous passez : votre plus petite pièce choisie restante sort du jeu, et c’est au suivant.',
          'Si plusieurs immeubles se partagent la plus grande hauteur, leur propriétaire ne marque les 3 points que s’ils appartiennent tous au même joueur ; sinon, personne ne les marque.',
          'Quand la pioche est épuisée, on mélange la défausse pour en faire une nouvelle.',
        ],
      },
    ],
  },
};

const mycity: RulesText = {
  title: 'My City',
  players: '2–4',
  sections: {
    en: [
      {
        heading: 'Overview',
        paragraphs: [
          'Each player builds their own city on their own board, all at the same time and with the same buildings. A card names the building everyone may place now. Keep trees in view, cover rocks, and leave as little empty grass as you can. The platform plays the eternal game, as a series of one or more episodes.',
        ],
      },
      {
        heading: 'Components',
        paragraphs: [],
        list: [
          'One board per player, all identical: 10 rows of 12 squares. 69 grass squares, 10 grass squares with a tree, 10 with a rock, and 13 river, 9 mountain and 9 forest squares, on which nothing can be built.',
          'One set of 24 buildings per player, all identical: 8 residential, 8 public and 8 industrial, each covering 3 to 6 squares.',
          '24 building cards, one per building, in a deck shared by all players.',
          'A score marker per player, starting on 10.',
        ],
      },
      {
        heading: 'Setup',
        paragraphs: [
          'At the start of each episode the deck is shuffled, the boards are empty and every marker is on 10.',
        ],
      },
      {
        heading: 'A turn',
        paragraphs: [
          'The next card is revealed: it names the building everyone may build now. Every player who has not stopped secretly chooses one of:',
        ],
        list: [
          'Build: place your copy of that building on your board. You may turn it a quarter-turn at a time, but never flip it over (no mirror image).',
          'Pass: build nothing this time; your marker goes back one space.',
          'Stop: build nothing for the rest of the episode, at no cost.',
          'When everyone has chosen, the choices are revealed and carried out together, and the next card is revealed. A choice cannot be changed once sent.',
        ],
      },
      {
        heading: 'Where a building may go',
        paragraphs: [],
        list: [
          'Every square it covers is on the board, is grass (plain, with a tree or with a rock), and is not already covered: never on the river, a mountain or the forest.',
          'Your first building of the episode must share a side with a river square.',
          'Every later building must touch one of your buildings already on the board: a square of each shares a side, or two of their squares face each other across the river (same row or same column, with only river between them).',
        ],
      },
      {
        heading: 'Scoring',
        paragraphs: ['At the end of an episode, each player scores:'],
        list: [
          'the position of their marker,',
          '+1 for each tree still visible,',
          '−1 for each rock still visible,',
          '−1 for each empty grass square (a square with no building, no tree and no rock).',
          'Example: a player passed twice (marker on 8); at the end, 7 trees and 2 rocks are visible and 11 grass squares are empty: 8 + 7 − 2 − 11 = 2.',
        ],
      },
      {
        heading: 'End of an episode, end of the game',
        paragraphs: [
          'An episode ends when every player has stopped, or after the choices on the last of the 24 cards. The episode scores are added to each player’s total; the next episode starts with a new deck, empty boards and markers on 10. After the last episode, the highest total wins.',
        ],
      },
      {
        heading: 'Options at table creation',
        paragraphs: [],
        list: [
          'Episodes in the series: 1 to 24 (default 1). The totals over all episodes decide the winner.',
        ],
      },
      {
        heading: 'How this platform plays it',
        paragraphs: [
          'The published game’s board, building shapes and sealed campaign envelopes were not available, so the platform uses its own board and its own 24 buildings, made to follow the rules, and offers a series of episodes with the same scoring instead of the campaign. It also decides:',
        ],
        list: [
          'Buildings on opposite banks of the river, facing each other across it, count as touching.',
          'A player whose marker is on 0 cannot pass: they must build or stop.',
          'In a one-episode game, a tie is broken by the fewest empty grass squares in the top row, then in the second row, and so on. Players still tied, and ties over a series of episodes, share the win.',
          'The score shown during an episode is your total of finished episodes plus what your board would score if the episode ended now.',
        ],
      },
    ],
    fr: [
      {
        heading: 'En bref',
        paragraphs: [
          'Chaque joueur bâtit sa propre ville sur son propre plateau, tous en même temps et avec les mêmes bâtiments. Une carte désigne le bâtiment que chacun peut poser maintenant. Gardez les arbres en vue, recouvrez les rochers et laissez le moins d’herbe vide possible. La plateforme propose le jeu éternel, sous forme d’une série d’un ou de plusieurs épisodes.',
        ],
      },
      {
        heading: 'Matériel',
        paragraphs: [],
        list: [
          'Un plateau par joueur, tous identiques : 10 rangées de 12 cases. 69 cases d’herbe, 10 cases d’herbe avec un arbre, 10 avec un rocher, et 13 cases de rivière, 9 de montagne et 9 de forêt, sur lesquelles on ne peut rien construire.',
          'Un jeu de 24 bâtiments par joueur, tous identiques : 8 résidentiels, 8 publics et 8 industriels, couvrant chacun de 3 à 6 cases.',
          '24 cartes bâtiment, une par bâtiment, en une pioche commune à tous.',
          'Un marqueur de score par joueur, qui commence sur 10.',
        ],
      },
      {
        heading: 'Mise en place',
        paragraphs: [
          'Au début de chaque épisode, on mélange la pioche, les plateaux sont vides et chaque marqueur est sur 10.',
        ],
      },
      {
        heading: 'Le tour de jeu',
        paragraphs: [
          'On révèle la carte suivante : elle désigne le bâtiment que chacun peut construire maintenant. Chaque joueur qui ne s’est pas arrêté choisit en secret :',
        ],
        list: [
          'Construire : poser son exemplaire de ce bâtiment sur son plateau. On peut le tourner d’un quart de tour à la fois, mais jamais le retourner (pas d’image miroir).',
          'Passer : ne rien construire cette fois ; le marqueur recule d’une case.',
          'S’arrêter : ne plus rien construire jusqu’à la fin de l’épisode, sans pénalité.',
          'Quand tout le monde a choisi, les choix sont révélés et exécutés ensemble, puis on révèle la carte suivante. Un choix envoyé ne peut plus être changé.',
        ],
      },
      {
        heading: 'Où poser un bâtiment',
        paragraphs: [],
        list: [
          'Chaque case couverte est sur le plateau, est de l’herbe (nue, avec un arbre ou avec un rocher) et n’est pas déjà couverte : jamais sur la rivière, une montagne ou la forêt.',
          'Votre premier bâtiment de l’épisode doit toucher par un côté une case de rivière.',
          'Chaque bâtiment suivant doit toucher un de vos bâtiments déjà posés : une case de chacun partage un côté, ou deux de leurs cases se font face de part et d’autre de la rivière (même rangée ou même colonne, avec seulement de la rivière entre elles).',
        ],
      },
      {
        heading: 'Décompte',
        paragraphs: ['À la fin d’un épisode, chaque joueur marque :'],
        list: [
          'la position de son marqueur,',
          '+1 par arbre encore visible,',
          '−1 par rocher encore visible,',
          '−1 par case d’herbe vide (sans bâtiment, sans arbre ni rocher).',
          'Exemple : un joueur a passé deux fois (marqueur sur 8) ; à la fin, 7 arbres et 2 rochers sont visibles et 11 cases d’herbe sont vides : 8 + 7 − 2 − 11 = 2.',
        ],
      },
      {
        heading: 'Fin d’un épisode, fin de la partie',
        paragraphs: [
          'Un épisode s’achève quand tous les joueurs se sont arrêtés, ou après les choix sur la dernière des 24 cartes. Les scores de l’épisode s’ajoutent au total de chacun ; l’épisode suivant commence avec une pioche mélangée, des plateaux vides et les marqueurs sur 10. Après le dernier épisode, le plus haut total l’emporte.',
        ],
      },
      {
        heading: 'Options à la création de la table',
        paragraphs: [],
        list: [
          'Épisodes dans la série : de 1 à 24 (1 par défaut). Les totaux de tous les épisodes désignent le vainqueur.',
        ],
      },
      {
        heading: 'Ce que fait la plateforme',
        paragraphs: [
          'Le plateau, les formes des bâtiments et les enveloppes scellées de la campagne du jeu publié n’étaient pas disponibles : la plateforme utilise son propre plateau et ses propres 24 bâtiments, conçus pour suivre la règle, et propose au lieu de la campagne une série d’épisodes au même décompte. Elle tranche aussi :',
        ],
        list: [
          'Deux bâtiments qui se font face de part et d’autre de la rivière se touchent.',
          'Un joueur dont le marqueur est sur 0 ne peut pas passer : il doit construire ou s’arrêter.',
          'Dans une partie d’un seul épisode, une égalité se départage au plus petit nombre de cases d’herbe vides dans la rangée du haut, puis dans la deuxième, et ainsi de suite. Les joueurs encore à égalité, et les égalités sur une série d’épisodes, se partagent la victoire.',
          'Le score affiché pendant un épisode est votre total des épisodes terminés plus ce que rapporterait votre plateau si l’épisode s’arrêtait maintenant.',
        ],
      },
    ],
  },
};

const chinatown: RulesText = {
  title: 'Chinatown',
  players: '3–5',
  sections: {
    en: [
      {
        heading: 'Overview',
        paragraphs: [
          'New York, Chinatown: the players acquire lots, open shops on them and trade with each other to grow their businesses. Neighbouring shops of the same kind and owner form a bigger shop, which earns more, and a complete shop earns the most. After six rounds, the richest player wins.',
        ],
      },
      {
        heading: 'Components',
        paragraphs: [],
        list: [
          'The board: 85 lots numbered 1 to 85, in 6 blocks. Two lots are neighbours when they share a side inside the same block.',
          '85 lot cards, one per lot.',
          '90 shop tiles of 12 kinds. A kind’s size is the number of tiles that makes its shop complete: size 3 — seafood, pharmacy, tea house (6 tiles each); size 4 — dry cleaner, restaurant, sporting goods (7 each); size 5 — antiques, hardware, tailor (8 each); size 6 — agency, watchmaker, radio (9 each).',
          '9 economy cards: 3 “no extra income”, one each for all 3-shops, all 4-shops, all 5-shops and all 6-shops, one for all 3- and 4-shops and one for all 5- and 6-shops.',
          'Money: each player starts with $5,000. Amounts are always whole thousands, and the bank never runs out.',
          'The start tile, used only with sequential placement.',
        ],
      },
      {
        heading: 'Setup',
        paragraphs: [
          'The lot cards and the shop tiles are shuffled. With the economy cards, 3 of them are put away unseen; the other 6 will be revealed one per round. A random player receives the start tile (it matters only with sequential placement).',
        ],
      },
      {
        heading: 'A round',
        paragraphs: ['The game lasts 6 rounds, each in five phases:'],
        list: [
          'Lot cards: each player draws lot cards (the first player at the table first), then everyone secretly chooses which of them to settle. The choices are revealed together: each player puts an ownership marker on each lot they settled, and those cards leave the game. The other cards go back into the lot deck, which is shuffled. If the deck runs short, cards are drawn one at a time, player by player, while it lasts.',
          'Shop tiles: each player draws shop tiles. Tiles in hand are visible to everyone.',
          'Trading: see below.',
          'Placement: each player puts any number of tiles from their hand (none is fine) on their own empty lots, one tile per lot, then says they are done. Everyone places at the same time, and each tile is public as soon as it is placed. Tiles not placed stay in hand for later rounds. Nothing placed on the board ever moves.',
          'Income: with the economy cards, the next one is revealed: for every tile on the board whose kind has a size the card names, the owner of its lot receives $1,000. Then every player receives the income of their shops.',
        ],
      },
      {
        heading: 'Cards and tiles per round',
        paragraphs: ['What each player draws and settles, per round:'],
        list: [
          '3 players — round 1: draw 7 lot cards, settle 5, draw 7 shop tiles; rounds 2 to 6: draw 6 lot cards, settle 4, draw 4 shop tiles.',
          '4 players — round 1: draw 6 lot cards, settle 4, draw 6 shop tiles; rounds 2 to 6: draw 5 lot cards, settle 3, draw 3 shop tiles.',
          '5 players — round 1: draw 5 lot cards, settle 3, draw 5 shop tiles; rounds 2 and 3: draw 5 lot cards, settle 3, draw 3 shop tiles; rounds 4 to 6: draw 4 lot cards, settle 2, draw 2 shop tiles.',
        ],
      },
      {
        heading: 'Trading',
        paragraphs: [
          'Everyone trades at once, freely, until every player has declared themselves ready. Anything can change hands: lots (with or without the shop tile on them), shop tiles from hand, and money (and lot cards, with variant B’s keep-lot-cards option).',
        ],
        list: [
          'An offer is made to one other player: what you give and what you ask for in return. One side may be empty (a gift), but not both. A three-way deal is made as two trades.',
          'The player the offer is made to accepts or declines it; its maker may withdraw it. On acceptance, both sides must still hold everything in it, and the items change hands at once. A traded lot keeps its shop tile, which now belongs to the new owner.',
          'Your money is known only to you: the other players see that money is part of an offer between two others, not how much.',
          'You can take back your “ready”. Making an offer, or having an offer accepted, makes you not ready again. The phase ends the moment every player is ready; offers still open then lapse.',
        ],
      },
      {
        heading: 'Shops and income',
        paragraphs: [
          'A shop is made of tiles of one kind on neighbouring lots owned by one player; tiles of the same kind belonging to different players never form one shop. A group of tiles larger than the size of its kind counts as complete shops, and the tiles left over start a new, incomplete shop.',
        ],
        list: [
          'Incomplete shop of 1 tile: $1,000; 2 tiles: $2,000; 3 tiles: $4,000; 4 tiles: $6,000; 5 tiles: $8,000.',
          'Complete shop of 3 tiles: $5,000; of 4: $8,000; of 5: $11,000; of 6: $14,000.',
          'Examples: a restaurant (size 4) of 3 tiles earns $4,000; of 4 tiles, complete, $8,000; of 6 tiles, $8,000 + $2,000. A seafood shop (size 3) of 3 tiles is complete: $5,000.',
        ],
      },
      {
        heading: 'End of the game',
        paragraphs: [
          'The game ends after the income of round 6. The richest player wins; players tied for first share the win.',
        ],
      },
      {
        heading: 'Options at table creation',
        paragraphs: [],
        list: [
          'Economy cards (the 1999 rules; on by default). Later editions dropped them.',
          'Variant A, street access: a lot without street access may only extend a shop, never open one: a tile may go there only if a neighbouring lot of yours already holds a tile of the same kind. These lots are 1, 2, 3, 6, 7 (Lafayette St), 14, 17, 18, 21, 22 (Bowery), 29, 30, 32, 33, 34, 35, 38, 39 (Grand St), 47, 50, 53, 56, 57 (Centre St), 63, 64, 68 (Canal St) and 77, 78, 80, 82, 84 (Park Row).',
          'Variant B, keep lot cards: lot cards you do not settle stay in your hand instead of going back to the deck; you may settle them in a later round or trade them.',
          'Variant B, draw the maximum: every round, draw as many lot cards as in round 1.',
          'Sequential placement: tiles are placed one player at a time, starting with the holder of the start tile and going clockwise; the start tile passes clockwise after every round.',
        ],
      },
      {
        heading: 'How this platform plays it',
        paragraphs: ['Where the rule text is silent, the platform decides:'],
        list: [
          'The board is the square-grid board of later editions; the 1999 board’s exact lot shapes were not available.',
          'The rules do not say how many economy cards of each kind there are; the mix listed under Components is the platform’s choice.',
          'Trades are always between two players; gifts are allowed.',
          'Ties for the most money share the win.',
          'Each player’s money is secret: only its owner sees it. Income is announced to everyone; money in trades is not.',
        ],
      },
    ],
    fr: [
      {
        heading: 'En bref',
        paragraphs: [
          'New York, Chinatown : les joueurs acquièrent des terrains, y ouvrent des commerces et négocient entre eux pour développer leurs affaires. Des commerces voisins de même type et de même propriétaire forment un commerce plus grand, qui rapporte davantage ; un commerce complet rapporte le plus. Après six manches, le joueur le plus riche l’emporte.',
        ],
      },
      {
        heading: 'Matériel',
        paragraphs: [],
        list: [
          'Le plateau : 85 terrains numérotés de 1 à 85, répartis en 6 quartiers. Deux terrains sont voisins s’ils ont un côté commun dans le même quartier.',
          '85 cartes terrain, une par terrain.',
          '90 tuiles commerce de 12 types. La taille d’un type est le nombre de tuiles qui rend son commerce complet : taille 3 — fruits de mer, pharmacie, salon de thé (6 tuiles chacun) ; taille 4 — pressing, restaurant, articles de sport (7 chacun) ; taille 5 — antiquités, bricolage, atelier de couture (8 chacun) ; taille 6 — agence, horloger, radio (9 chacun).',
          '9 cartes économie : 3 « pas de revenu supplémentaire », une pour chacun des cas « tous les commerces de 3 », « de 4 », « de 5 » et « de 6 », une pour « tous les commerces de 3 et de 4 » et une pour « tous les commerces de 5 et de 6 ».',
          'L’argent : chaque joueur commence avec 5 000 $. Les sommes sont toujours des milliers entiers, et la banque ne manque jamais d’argent.',
          'La tuile Start, utilisée seulement avec la pose à tour de rôle.',
        ],
      },
      {
        heading: 'Mise en place',
        paragraphs: [
          'On mélange les cartes terrain et les tuiles commerce. Avec les cartes économie, 3 sont écartées sans être regardées ; les 6 autres seront révélées une par manche. Un joueur tiré au sort reçoit la tuile Start (elle ne sert qu’avec la pose à tour de rôle).',
        ],
      },
      {
        heading: 'Une manche',
        paragraphs: ['La partie dure 6 manches, de cinq phases chacune :'],
        list: [
          'Cartes terrain : chaque joueur pioche des cartes terrain (le premier joueur de la table d’abord), puis chacun choisit en secret les terrains où il s’installe. Les choix sont révélés ensemble : chacun pose un marqueur de propriété sur chacun de ces terrains, et les cartes correspondantes sortent du jeu. Les autres cartes retournent dans la pioche, que l’on mélange. Si la pioche s’épuise, on distribue les cartes une à une, joueur après joueur, tant qu’il en reste.',
          'Tuiles commerce : chaque joueur pioche des tuiles commerce. Les tuiles en main sont visibles de tous.',
          'Négociation : voir plus bas.',
          'Pose : chacun pose autant de tuiles de sa main qu’il le souhaite (aucune, c’est permis) sur ses propres terrains vides, une tuile par terrain, puis déclare avoir fini. Tout le monde pose en même temps, et chaque tuile est visible dès qu’elle est posée. Les tuiles non posées restent en main pour les manches suivantes. Rien de ce qui est posé sur le plateau ne bouge plus.',
          'Revenus : avec les cartes économie, on révèle la suivante : pour chaque tuile du plateau dont le type a une taille désignée par la carte, le propriétaire du terrain reçoit 1 000 $. Puis chaque joueur touche les revenus de ses commerces.',
        ],
      },
      {
        heading: 'Cartes et tuiles par manche',
        paragraphs: ['Ce que chaque joueur pioche et occupe, manche par manche :'],
        list: [
          'À 3 joueurs — manche 1 : 7 cartes terrain piochées, 5 terrains occupés, 7 tuiles commerce ; manches 2 à 6 : 6 cartes, 4 terrains, 4 tuiles.',
          'À 4 joueurs — manche 1 : 6 cartes terrain piochées, 4 terrains occupés, 6 tuiles commerce ; manches 2 à 6 : 5 cartes, 3 terrains, 3 tuiles.',
          'À 5 joueurs — manche 1 : 5 cartes terrain piochées, 3 terrains occupés, 5 tuiles commerce ; manches 2 et 3 : 5 cartes, 3 terrains, 3 tuiles ; manches 4 à 6 : 4 cartes, 2 terrains, 2 tuiles.',
        ],
      },
      {
        heading: 'Négociation',
        paragraphs: [
          'Tout le monde négocie en même temps, librement, jusqu’à ce que chaque joueur se soit déclaré prêt. Tout peut s’échanger : des terrains (avec ou sans la tuile posée dessus), des tuiles commerce en main et de l’argent (ainsi que des cartes terrain avec l’option « garder les cartes terrain » de la variante B).',
        ],
        list: [
          'Une offre s’adresse à un seul autre joueur : ce que vous donnez et ce que vous demandez en échange. Un des deux côtés peut être vide (un cadeau), pas les deux. Un marché à trois se conclut en deux échanges.',
          'Le destinataire accepte ou refuse l’offre ; son auteur peut la retirer. À l’acceptation, chacun doit encore détenir tout ce qu’elle contient, et l’échange se fait aussitôt. Un terrain échangé garde sa tuile, qui appartient désormais au nouveau propriétaire.',
          'Votre argent n’est connu que de vous : les autres voient qu’une offre entre deux joueurs comprend de l’argent, pas combien.',
          'On peut revenir sur son « prêt ». Faire une offre, ou conclure un échange, vous rend de nouveau « pas prêt ». La phase s’achève dès que tout le monde est prêt ; les offres encore ouvertes tombent alors.',
        ],
      },
      {
        heading: 'Commerces et revenus',
        paragraphs: [
          'Un commerce est formé de tuiles d’un même type sur des terrains voisins appartenant à un même joueur ; des tuiles du même type appartenant à des joueurs différents ne forment jamais un seul commerce. Un groupe plus grand que la taille de son type compte comme des commerces complets, et les tuiles en surplus commencent un nouveau commerce, incomplet.',
        ],
        list: [
          'Commerce incomplet de 1 tuile : 1 000 $ ; 2 tuiles : 2 000 $ ; 3 tuiles : 4 000 $ ; 4 tuiles : 6 000 $ ; 5 tuiles : 8 000 $.',
          'Commerce complet de 3 tuiles : 5 000 $ ; de 4 : 8 000 $ ; de 5 : 11 000 $ ; de 6 : 14 000 $.',
          'Exemples : un restaurant (taille 4) de 3 tuiles rapporte 4 000 $ ; de 4 tuiles, complet, 8 000 $ ; de 6 tuiles, 8 000 $ + 2 000 $. Un commerce de fruits de mer (taille 3) de 3 tuiles est complet : 5 000 $.',
        ],
      },
      {
        heading: 'Fin de la partie',
        paragraphs: [
          'La partie s’achève après les revenus de la sixième manche. Le joueur le plus riche l’emporte ; les ex æquo se partagent la victoire.',
        ],
      },
      {
        heading: 'Options à la création de la table',
        paragraphs: [],
        list: [
          'Cartes économie (règles de 1999 ; activées par défaut). Les éditions suivantes les ont abandonnées.',
          'Variante A, accès à la rue : un terrain sans accès à la rue ne peut qu’agrandir un commerce, jamais en ouvrir un : on n’y pose une tuile que si un terrain voisin qui vous appartient porte déjà une tuile du même type. Ces terrains sont les 1, 2, 3, 6, 7 (Lafayette St), 14, 17, 18, 21, 22 (Bowery), 29, 30, 32, 33, 34, 35, 38, 39 (Grand St), 47, 50, 53, 56, 57 (Centre St), 63, 64, 68 (Canal St) et 77, 78, 80, 82, 84 (Park Row).',
          'Variante B, garder les cartes terrain : les cartes terrain où vous ne vous installez pas restent dans votre main au lieu de retourner dans la pioche ; vous pouvez les utiliser à une manche suivante ou les échanger.',
          'Variante B, pioche maximale : à chaque manche, on pioche autant de cartes terrain qu’à la première.',
          'Pose à tour de rôle : les tuiles se posent un joueur après l’autre, en commençant par celui qui a la tuile Start, puis dans le sens horaire ; la tuile Start passe au voisin de gauche après chaque manche.',
        ],
      },
      {
        heading: 'Ce que fait la plateforme',
        paragraphs: ['Là où la règle se tait, la plateforme tranche :'],
        list: [
          'Le plateau est celui, quadrillé, des éditions suivantes ; la forme exacte des terrains du plateau de 1999 n’était pas disponible.',
          'La règle ne dit pas combien il y a de cartes économie de chaque sorte ; la répartition indiquée dans « Matériel » est un choix de la plateforme.',
          'Les échanges se font toujours entre deux joueurs ; les cadeaux sont permis.',
          'Les ex æquo pour la plus grosse fortune se partagent la victoire.',
          'L’argent de chaque joueur est secret : lui seul le voit. Les revenus sont annoncés à tous, pas l’argent des échanges.',
        ],
      },
    ],
  },
};

export const RULES: Record<string, RulesText> = { nyny, manhattan, mycity, chinatown };
