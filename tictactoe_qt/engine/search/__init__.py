"""Game-tree searches. Importing this package registers the search players."""
