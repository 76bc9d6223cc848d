"""Watching, simulating and charting AI-vs-AI games: the stats panel and its parts.

``run_data``, ``run_snapshot`` and ``batch_chunks`` stay free of Qt: worker processes import them.
``kept_runs`` (the runs a window keeps, as plain data) is free of Qt too.
"""
