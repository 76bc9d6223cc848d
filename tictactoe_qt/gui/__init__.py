"""The Qt window: a thin shell of views over one game controller and a search worker."""
