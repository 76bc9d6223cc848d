"""The bot inside a package that exits at import."""


def make_bot(**options):
    raise AssertionError("never reached: the package's __init__ exits first")
