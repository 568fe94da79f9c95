/** The board kit: what every game's board shares, and the words it says. */
export { activate } from './activate.js';
export { GenericBoard } from './GenericBoard.js';
export { PlayersTable } from './PlayersTable.js';
export { SeatLabel, TurnDot } from './SeatLabel.js';
export { SeatPanel, SeatPanels, type SeatFacts, type SeatHolding } from './SeatPanel.js';
export { shade, Tower, windowPanes, type TowerSegment } from './Tower.js';
export {
  contrast,
  gameInputs,
  isHidden,
  recentMoves,
  SEAT_COLOURS,
  seatName,
  textOn,
  type BoardProps,
  type GameUi,
  type LogContext,
  type LogEntry,
  type SeatMove,
} from './types.js';
export { useWhyNot, waitingReason, WhyNot } from './WhyNot.js';
export {
  formatMoney,
  formatNumber,
  KIT_WORDS,
  LANGS,
  localeOf,
  type KitKey,
  type Lang,
  type Translate,
} from './words.js';
export { JustMoved } from './JustMoved.js';
export { SvgButton } from './SvgButton.js';
export { Arrive, arrivalClass, useChanges, useGain, type ArriveKind } from './Arrive.js';
export { PHONE_SCREEN, useMediaQuery } from './useMediaQuery.js';
