"""Views that show how the AI thinks: the analysis overlay, the algorithm
comparison dock and the game-tree explorer. :func:`install.install_analysis`
plugs them into the main window."""
