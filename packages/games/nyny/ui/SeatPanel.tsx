/**
 * The players table: per seat its colour (named: colours score), whose turn it is, whether it has chosen (everyone
 * at once) or passed, its tiles in hand (how many, and those taken face up), its score in this round and, over
 * several rounds, in the match.
 */
import { PlayersTable, SeatLabel, TurnDot } from '@skyline/board-kit';
import type { NynyView } from '@skyline/nyny';
import { roundScores } from '@skyline/nyny/board';
import { KnownTiles } from './KnownTiles.js';
import { FaceDown } from './Tile.js';
import { seatColour } from './tiles.js';
import type { T } from './words.js';

export function SeatPanel({
  view,
  names,
  me,
  t,
}: {
  view: NynyView;
  names: string[];
  me: number | null;
  t: T;
}) {
  const single = view.options.rounds === 1;
  const round = roundScores(view);
  return (
    <PlayersTable
      t={t}
      subtitle={t('nyny.round', { n: view.round, of: view.options.rounds })}
      seats={view.handSizes.length}
      columns={[
        t('nyny.tiles', { n: '' }).trim(),
        single ? t('score.total') : t('nyny.roundScore'),
        ...(single ? [] : [t('nyny.matchScore')]),
      ]}
      isActive={(seat) => view.active.includes(seat)}
      rowTestId={(seat) => `seat-row-${seat}`}
      name={(seat) => (
        <>
          <SeatLabel
            names={names}
            seat={seat}
            me={me}
            t={t}
            colour={seatColour(view, seat)}
            colourName={t(`colour.${view.options.colours[seat] ?? 'r'}` as 'colour.r')}
          />
          {view.active.includes(seat) && <TurnDot names={names} seat={seat} me={me} t={t} />}
          {view.options.variant === 'simultaneous' && view.phase === 'choose' && (
            <Chosen chosen={view.chosen[seat] ?? false} t={t} />
          )}
          {view.passed[seat] && <span className="passed"> · {t('nyny.passed')}</span>}
        </>
      )}
      cells={(seat) => (
        <>
          <td>
            {view.handSizes[seat]} <KnownTiles tiles={view.known[seat] ?? []} seat={seat} t={t} />
          </td>
          <td data-testid={`score-${seat}`}>{single ? view.scores[seat] : round[seat]}</td>
          {!single && <td>{view.scores[seat]}</td>}
        </>
      )}
    />
  );
}

/** Whether a seat has chosen its tile this turn (everyone at once): a tile face down, or "not yet". */
function Chosen({ chosen, t }: { chosen: boolean; t: T }) {
  return (
    <span className="chosen">
      {chosen ? (
        <svg viewBox="0 0 30 38" width={15} height={19} aria-label={t('table.chosen')}>
          <FaceDown x={1} y={1} label={t('table.chosen')} />
        </svg>
      ) : (
        t('table.notChosen')
      )}
    </span>
  );
}
