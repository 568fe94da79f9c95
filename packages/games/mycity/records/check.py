#!/usr/bin/env python3
"""Independent check of My City records (see README.md): paints each seat's `build` cells on the board of
data/mycity.json, counts passes for the marker and scores each episode by the rule text. Knows nothing of the
engine and does not judge legality (the replay does). Usage: python3 check.py RECORD.json..."""
import json, os, sys

BOARD = json.load(open(os.path.join(os.path.dirname(__file__), '..', 'data', 'mycity.json')))['board']


def score(grid, marker):
    t = sum(row.count('T') for row in grid)
    r = sum(row.count('R') for row in grid)
    e = sum(row.count('.') for row in grid)
    return marker + t - r - e, t, r, e


for path in sys.argv[1:]:
    rec = json.load(open(path))
    n = rec['players']
    episodes = []
    for entry in rec['log']:
        if 'chance' in entry:
            grids = [[list(row) for row in BOARD] for _ in range(n)]
            markers, stopped, chosen, card = [10] * n, [False] * n, {}, 0
            episodes.append((grids, markers))
            continue
        chosen[entry['seat']] = entry['move']
        if len(chosen) == stopped.count(False):  # every seat still building has chosen: carry the choices out
            for seat, move in chosen.items():
                if move['type'] == 'pass':
                    markers[seat] -= 1
                elif move['type'] == 'stop':
                    stopped[seat] = True
                else:
                    for r, c in move['cells']:
                        assert grids[seat][r][c] in '.TR', (path, seat, r, c)
                        grids[seat][r][c] = str(card % 10)
            chosen, card = {}, card + 1
    totals = [0] * n
    print(path)
    for k, (grids, markers) in enumerate(episodes):
        for seat in range(n):
            s, t, r, e = score(grids[seat], markers[seat])
            totals[seat] += s
            print(f'  episode {k + 1} seat {seat}: marker {markers[seat]} + trees {t} - rocks {r} - grass {e} = {s}')
            print('    ' + '\n    '.join(''.join(row) for row in grids[seat]))
            print('    empty grass by row:', [''.join(row).count('.') for row in grids[seat]])
    print('  totals', totals)
