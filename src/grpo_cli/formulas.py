"""Quantities derived from a recipe, computed in one place: config validates with them, `grpo estimate` costs with
them, the monitor advises with them and the launcher places processes with them.

    trainer processes  = (launch.num_processes - GPUs a same-node vLLM server holds) x launch.num_nodes
    generation batch   = grpo.per_device_batch_size x gradient_accumulation_steps x trainer processes
                         (TRL: per_device_train_batch_size x world x steps_per_generation)
    optimizer steps    = completions x num_iterations / generation batch
    no-signal share    = p^G + (1-p)^G: the chance that all G answers of a group score the same (zero advantage)
    dynamic sampling   = expected extra generation rounds per batch, sum_j 1 - (1 - z^(j+1))^groups, z the share above
    smallest G         = the smallest G >= 2 whose no-signal share is under NO_SIGNAL_TARGET (monitor.no_signal_target)

Pure stdlib; it imports nothing from grpo_cli at run time, so config (and everything after it) can import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the annotations only: config imports this module
    from grpo_cli.config import Recipe

# The one no-signal threshold: config.MonitorConfig.no_signal_target defaults to it, and `grpo estimate` and the
# no_signal alarm both read the recipe's value.
NO_SIGNAL_TARGET = 0.1
# The largest G `smallest_group` tries before it says no G helps.
MAX_GROUP = 4096


def uses_vllm_server(recipe: Recipe) -> bool:
    """GRPO generates on a separate `trl vllm-serve` process (grpo.use_vllm with grpo.vllm_mode=server)."""
    return recipe.grpo.use_vllm and recipe.grpo.vllm_mode == "server"


def trainer_processes_per_node(recipe: Recipe) -> int:
    """GRPO trainer processes per node: launch.num_processes less the GPUs a same-node vLLM server holds."""
    la = recipe.launch
    if uses_vllm_server(recipe) and la.vllm_server_host is None:
        return la.num_processes - la.vllm_server_gpus
    return la.num_processes


def trainer_processes(recipe: Recipe) -> int:
    """GRPO trainer processes over all nodes (the world size TRL sees)."""
    return trainer_processes_per_node(recipe) * recipe.launch.num_nodes


def generation_batch(recipe: Recipe, processes: int | None = None) -> int:
    """Completions generated per round, all processes: TRL's generation_batch_size = per_device_train_batch_size x
    world x steps_per_generation (= gradient_accumulation_steps). `processes` replaces the recipe's world."""
    g = recipe.grpo
    world = trainer_processes(recipe) if processes is None else processes
    return g.per_device_batch_size * g.gradient_accumulation_steps * world


def optimizer_steps(completions: float, gen_batch: float, num_iterations: int) -> float:
    """Optimizer steps for `completions`: each generation round (gen_batch completions) feeds num_iterations steps."""
    return completions * num_iterations / gen_batch


def prompts_for_steps(max_steps: int, gen_batch: float, num_iterations: int, G: int) -> int:
    """The prompts `max_steps` optimizer steps consume (the inverse of optimizer_steps, at least one)."""
    return max(1, round(max_steps * gen_batch / num_iterations / G))


def no_signal_fraction(p: float, G: int) -> float:
    """P(every answer in a group of G scores the same) at pass rate p = p^G + (1-p)^G: such a group has zero reward
    std, so zero advantage and no gradient."""
    return p**G + (1 - p) ** G


def dynamic_sampling_rounds(p: float, G: int, groups: int, max_rounds: int) -> float:
    """Expected extra generation rounds per batch under grpo.dynamic_sampling (stages/dynamic_sampling.py), where a
    round regenerates a whole batch of `groups` groups and fills, position for position, the slots still without
    signal. A slot is still empty after j rounds with probability z^(j+1), z = p^G + (1-p)^G, so round j+1 runs when
    any of the `groups` slots is: E[rounds] = sum_{j=0}^{R-1} 1 - (1 - z^(j+1))^groups."""
    z = no_signal_fraction(p, G)
    return sum(1 - (1 - z ** (j + 1)) ** groups for j in range(max_rounds))


def smallest_group(p: float, target: float = NO_SIGNAL_TARGET, limit: int = MAX_GROUP) -> int | None:
    """The smallest G >= 2 with no_signal_fraction(p, G) < target; None when no G up to `limit` gets there."""
    if not 0 < p < 1:
        return None
    for G in range(2, limit + 1):
        if no_signal_fraction(p, G) < target:
            return G
    return None
