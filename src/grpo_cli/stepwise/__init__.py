"""Step scoring and process supervision: the step splitter, the rule-based and learned step scorers, batch scoring
and the `steps` reward, and DeepSeekMath's process-supervised advantage (docs/process.md)."""
