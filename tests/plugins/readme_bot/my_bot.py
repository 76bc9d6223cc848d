"""my_bot.py: a tictactoe-qt player that takes the free cell nearest the centre."""


class CentreBot:
    name = "Centre bot"  # optional: the window shows it

    def __init__(self, edges="no"):  # options arrive as strings: mybot:edges=yes
        self.edges = edges == "yes"

    def choose_move(self, cells, to_move, k):
        mid_r, mid_c = (len(cells) - 1) / 2, (len(cells[0]) - 1) / 2
        free = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "."]
        distance = lambda cell: abs(cell[0] - mid_r) + abs(cell[1] - mid_c)  # noqa: E731
        return max(free, key=distance) if self.edges else min(free, key=distance)


def make_bot(**options):
    return CentreBot(**options)
