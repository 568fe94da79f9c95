#!/usr/bin/env python3
"""An independent re-reading of Manhattan records, for checking the golden records' expected results by hand.

It shares no code with the engine: it follows the rules page (packages/web/src/rules.ts) on its own (perspective from the
quarter-turn rule, not the data table), checks whose turn it is, the card in hand and the takeover rule at every
build, then prints each round's board summary, each round's points and the final status.

    python3 packages/games/manhattan/records/check.py [--boards] packages/games/manhattan/records/*.json

With --boards, the board after each round: per city, lots 1..9 as OWNER:HEIGHT (- when empty).
"""
import json
import sys


def rotate(n, turns):
    row, col = (n - 1) // 3, (n - 1) % 3
    for _ in range(turns):
        row, col = col, 2 - row
    return row * 3 + col + 1


def check(path):
    rec = json.load(open(path))
    players = rec["players"]
    opts = rec.get("options", {})
    rounds = 6 if opts.get("sixrounds") else 4
    per_round = 24 // rounds
    side = lambda seat: ([0, 2][seat] if players == 2 else seat) if opts.get("perspective") else 0
    hands, draw, discard = [], [], []
    board = {}  # (city, lot) -> [(seat, floors), ...] bottom first
    reserve = [{1: 11, 2: 6, 3: 4, 4: 3} for _ in range(players)]
    chosen = [{1: 0, 2: 0, 3: 0, 4: 0} for _ in range(players)]
    totals = [0] * players
    first = None
    rnd = 1
    phase = "deal"
    turn = None
    pending = None  # after a shuffle: ("pass" | "stay")

    def floors_of(stack, seat):
        return sum(f for s, f in stack if s == seat)

    def score():
        owners = {key: stack[-1][0] for key, stack in board.items() if stack}
        heights = {key: sum(f for _, f in stack) for key, stack in board.items() if stack}
        pts = [0] * players
        for seat in owners.values():
            pts[seat] += 1
        for city in range(1, 7):
            counts = [sum(1 for (c, _), o in owners.items() if c == city and o == seat) for seat in range(players)]
            best = max(counts)
            if best > 0 and counts.count(best) == 1:
                pts[counts.index(best)] += 2
        top = max(heights.values())
        tall_owners = {owners[key] for key, h in heights.items() if h == top}
        if len(tall_owners) == 1:
            pts[tall_owners.pop()] += 3
        return pts, top

    def after_draw(mode):
        nonlocal turn, phase, rnd
        if mode == "stay":
            return
        turn = (turn + 1) % players
        if sum(chosen[turn].values()) == 0:
            assert all(sum(c.values()) == 0 for c in chosen)
            pts, top = score()
            for s in range(players):
                totals[s] += pts[s]
            print(f"  round {rnd}: points {pts} (tallest {top} floors), totals {totals}")
            if SHOW_BOARDS:
                for city in range(1, 7):
                    cells = []
                    for lot in range(1, 10):
                        stack = board.get((city, lot))
                        cells.append(f"{stack[-1][0]}:{sum(f for _, f in stack)}" if stack else "-")
                    print(f"    city {city}: " + " ".join(f"{c:>4}" for c in cells))
            if rnd == rounds:
                phase = "over"
                return
            rnd += 1
            phase = "select"
            turn = (first + rnd - 1) % players

    def draw_card(mode):
        nonlocal pending, phase
        if not draw:
            pending, phase = mode, "shuffle"
            return
        hands[turn].append(draw.pop(0))
        after_draw(mode)

    for i, entry in enumerate(rec["log"]):
        if "chance" in entry:
            move = entry["chance"]
            if move["type"] == "deal":
                assert phase == "deal" and sorted(move["order"]) == sorted(list(range(1, 10)) * 5), i
                hands = [move["order"][4 * s : 4 * s + 4] for s in range(players)]
                draw = move["order"][4 * players :]
                first = turn = move["first"]
                phase = "select"
            else:
                assert phase == "shuffle" and sorted(move["order"]) == sorted(discard), i
                draw, discard = list(move["order"]), []
                phase = "build"
                hands[turn].append(draw.pop(0))
                after_draw(pending)
            continue
        seat, move = entry["seat"], entry["move"]
        assert seat == turn, f"log[{i}]: seat {seat} moved, expected {turn}"
        if move["type"] == "select":
            assert phase == "select" and len(move["pieces"]) == per_round, i
            for p in move["pieces"]:
                reserve[seat][p] -= 1
                chosen[seat][p] += 1
                assert reserve[seat][p] >= 0, i
            turn = (turn + 1) % players
            if turn == (first + rnd - 1) % players:
                phase = "build"
        elif move["type"] == "build":
            card, city, piece = move["card"], move["city"], move["piece"]
            assert phase == "build" and card in hands[seat] and chosen[seat][piece] > 0, i
            lot = rotate(card, side(seat))
            stack = board.setdefault((city, lot), [])
            if stack and stack[-1][0] != seat:
                owner = stack[-1][0]
                assert floors_of(stack, seat) + piece >= floors_of(stack, owner), f"log[{i}]: takeover too short"
            stack.append((seat, piece))
            chosen[seat][piece] -= 1
            hands[seat].remove(card)
            discard.append(card)
            draw_card("pass")
        elif move["type"] == "discard":
            assert phase == "build" and move["card"] in hands[seat], i
            hands[seat].remove(move["card"])
            discard.append(move["card"])
            print(f"  log[{i}]: seat {seat} discards {move['card']} holding {sorted(hands[seat])}")
            draw_card("stay")
        else:  # skip
            smallest = min(p for p, n in chosen[seat].items() if n > 0)
            chosen[seat][smallest] -= 1
            after_draw("pass")
    best = max(totals)
    winners = [s for s in range(players) if totals[s] == best] if phase == "over" else []
    print(f"  status: over={phase == 'over'} scores={totals} winners={winners}")


SHOW_BOARDS = "--boards" in sys.argv
for path in [arg for arg in sys.argv[1:] if arg != "--boards"]:
    print(path)
    check(path)
