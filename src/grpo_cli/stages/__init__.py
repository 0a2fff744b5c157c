"""Pipeline stages: each `run(recipe, run_dir, ...) -> summary`. The only modules that touch TRL/transformers."""
