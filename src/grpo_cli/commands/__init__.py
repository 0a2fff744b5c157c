"""One module per CLI command group; each exposes `register(app)`. Heavy imports stay inside command bodies."""
