#!/usr/bin/env python3
"""Independent check of the golden records' final money (see README.md).

Written apart from the TypeScript engine, straight from the rules page (packages/web/src/rules.ts): it does not check legality, it
only follows what the log says happened and counts the money. Settle moves put ownership markers on the lots they
name; accepted offers move lots and money; place moves put tiles; a round's income is paid when every seat has
said "done" (the economy card first, then the shops: connected groups of one kind and one owner, n div m complete
shops and one incomplete shop of n mod m tiles). Usage: check.py RECORD.json [DATA.json]
"""
import json
import sys

INCOMPLETE = {1: 1000, 2: 2000, 3: 4000, 4: 6000, 5: 8000}
COMPLETE = {3: 5000, 4: 8000, 5: 11000, 6: 14000}


def neighbours_from_blocks(blocks):
    """Lots that share a side in a block's grid."""
    near = {}
    for grid in blocks.values():
        for r, row in enumerate(grid):
            for c, lot in enumerate(row):
                if lot is None:
                    continue
                near[lot] = []
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < len(grid) and 0 <= cc < len(grid[rr]) and grid[rr][cc] is not None:
                        near[lot].append(grid[rr][cc])
    return near


def shop_income(players, owner, shop, size, near):
    income = [0] * players
    seen = set()
    for lot in sorted(shop):
        if lot in seen:
            continue
        kind, who = shop[lot], owner[lot]
        group, todo = [], [lot]
        seen.add(lot)
        while todo:
            at = todo.pop()
            group.append(at)
            for nxt in near[at]:
                if nxt not in seen and shop.get(nxt) == kind and owner.get(nxt) == who:
                    seen.add(nxt)
                    todo.append(nxt)
        n, m = len(group), size[kind]
        income[who] += (n // m) * COMPLETE[m] + (INCOMPLETE[n % m] if n % m else 0)
    return income


def check(record, data):
    players = record['players']
    options = record.get('options', {})
    economy_on = options.get('economy', True)
    size = {s['id']: s['size'] for s in data['shops']}
    sizes_of = {e['id']: e['sizes'] for e in data['economy']}
    near = neighbours_from_blocks(data['blocks'])
    money = [5000] * players
    owner, shop, offers = {}, {}, {}
    economy, rounds_paid, done, next_offer = [], 0, 0, 1
    for entry in record['log']:
        if 'chance' in entry:
            if entry['chance']['type'] == 'setup':
                economy = entry['chance'].get('economy', [])
            continue
        seat, move = entry['seat'], entry['move']
        kind = move['type']
        if kind == 'settle':
            for lot in move['lots']:
                owner[lot] = seat
        elif kind == 'offer':
            offers[next_offer] = (seat, move['to'], move['give'], move['get'])
            next_offer += 1
        elif kind == 'accept':
            maker, taker, give, get = offers[move['offer']]
            for side, src, dst in ((give, maker, taker), (get, taker, maker)):
                for lot in side.get('lots', []):
                    owner[lot] = dst
                money[src] -= side.get('money', 0)
                money[dst] += side.get('money', 0)
        elif kind == 'place':
            shop[move['lot']] = move['shop']
        elif kind == 'done':
            done += 1
            if done == players:
                done = 0
                if economy_on:
                    card = economy[3 + rounds_paid]
                    for lot, k in shop.items():
                        if size[k] in sizes_of[card]:
                            money[owner[lot]] += 1000
                for who, amount in enumerate(shop_income(players, owner, shop, size, near)):
                    money[who] += amount
                rounds_paid += 1
    best = max(money)
    return {'rounds': rounds_paid, 'scores': money, 'winners': [s for s in range(players) if money[s] == best]}


if __name__ == '__main__':
    data_file = sys.argv[2] if len(sys.argv) > 2 else __file__.rsplit('/', 2)[0] + '/src/chinatown.json'
    with open(sys.argv[1]) as f, open(data_file) as g:
        print(json.dumps(check(json.load(f), json.load(g))))
