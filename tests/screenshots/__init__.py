"""Developer tools that render the README's pictures offscreen (not shipped in the wheel).

Run from the repository's root, e.g. ``python -m tests.screenshots.window [folder]``.
"""
