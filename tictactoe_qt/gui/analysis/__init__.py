"""Views that show how the AI thinks: the analysis overlay, the algorithm
comparison dock and the game-tree explorer. :func:`install.install_analysis`
plugs them into the main window.

Each view computes only while it is seen (the overlay while it is on, a dock
while its tab is in front) and does its heavy work in a child process of its
own (:mod:`.job_runner`, :mod:`.job_process`), so the window never waits for
the interpreter lock. The jobs themselves (:mod:`.search_jobs`,
:mod:`.tree_jobs`) are plain engine code without Qt.
"""
