"""greedy_bot.py: win at once if it can, block if it must, else play near the centre."""


def run(cells, row, col, mark, dr, dc):
    """How many ``mark``s follow (row, col) in direction (dr, dc)."""
    n, r, c = 0, row + dr, col + dc
    while 0 <= r < len(cells) and 0 <= c < len(cells[0]) and cells[r][c] == mark:
        n, r, c = n + 1, r + dr, c + dc
    return n


class GreedyBot:
    name = "Greedy example"

    def __init__(self, block="yes"):
        self.block = block == "yes"

    def choose_move(self, cells, to_move, k):
        free = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "."]
        other = "o" if to_move == "x" else "x"
        for mark in (to_move, other) if self.block else (to_move,):
            for r, c in free:
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    if 1 + run(cells, r, c, mark, dr, dc) + run(cells, r, c, mark, -dr, -dc) >= k:
                        return r, c
        mid_r, mid_c = (len(cells) - 1) / 2, (len(cells[0]) - 1) / 2
        return min(free, key=lambda rc: abs(rc[0] - mid_r) + abs(rc[1] - mid_c))


def make_bot(**options):
    return GreedyBot(**options)
