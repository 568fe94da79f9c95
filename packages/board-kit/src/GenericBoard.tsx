import type { BoardProps } from './types.js';
import type { KitKey } from './words.js';

/** Any game without its own board yet: its legal moves as buttons (still only what the engine lists). */
export function GenericBoard({ view, legalMoves, send, t }: BoardProps<KitKey>) {
  return (
    <div className="generic-board">
      <h3>{t('table.noBoard')}</h3>
      <div className="move-list">
        {legalMoves.map((move, index) => (
          <button key={index} type="button" onClick={() => send(move)}>
            {JSON.stringify(move)}
          </button>
        ))}
      </div>
      <details>
        <summary>view</summary>
        <pre className="raw-view">{JSON.stringify(view, null, 1)}</pre>
      </details>
    </div>
  );
}
