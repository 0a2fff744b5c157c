"""The eval's machinery outside the stage: sampling completions (HF generate or vLLM) and the statistics over their
verdicts (pass@k, maj@k, confidence intervals, paired comparisons)."""
