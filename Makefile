# paddle-mlir: set up, build and test.
#   make run    set up, build, run the main job (examples/quickstart.py)
#   make test   set up, build, run lit + pytest (with Paddle 3.3.1 for jit.save)
#   make build  set up and build only
#   make paddle-venv  real PaddlePaddle 3.3.1 in .paddle-venv (make test uses it)
# Each is incremental: the venv is rebuilt only when requirements.txt changes,
# CMake configures once and Ninja rebuilds what changed.

PYTHON      ?= python3.11
VENV        := .venv
VPY         := $(VENV)/bin/python
BUILD       := build
SITE        := $(VENV)/lib/python3.11/site-packages
VENV_STAMP  := $(VENV)/.requirements-installed
# Paddle 3.3.1 apart from the project's venv: jit.save's models must run in it.
PADDLE_VENV  := .paddle-venv
PADDLE_STAMP := $(PADDLE_VENV)/.requirements-installed
PADDLE_ENV   := PADDLE_MLIR_PADDLE_PYTHON=$(abspath $(PADDLE_VENV))/bin/python
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
LIT_ARGS    ?= -sv
PYTEST_ARGS ?= -q

CCACHE := $(shell command -v ccache 2>/dev/null)
CMAKE_FLAGS := -G Ninja -DCMAKE_BUILD_TYPE=Release \
	-DCMAKE_MAKE_PROGRAM=$(abspath $(VENV)/bin/ninja) \
	-DMLIR_DIR=$(abspath $(SITE))/mlir/lib/cmake/mlir \
	-DLLVM_DIR=$(abspath $(SITE))/llvm/lib/cmake/llvm \
	-DPython_EXECUTABLE=$(abspath $(VPY)) \
	$(if $(CCACHE),-DCMAKE_CXX_COMPILER_LAUNCHER=$(CCACHE))

.PHONY: fuzz test-models corpus test-corpus all setup paddle-venv generate build docs test check-lit check-python run clean distclean

all: build

setup: $(VENV_STAMP)

$(VENV_STAMP): requirements.txt
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --disable-pip-version-check -q -r requirements.txt
	touch $@

paddle-venv: $(PADDLE_STAMP)

$(PADDLE_STAMP): requirements-paddle.txt
	test -x $(PADDLE_VENV)/bin/python || $(PYTHON) -m venv $(PADDLE_VENV)
	$(PADDLE_VENV)/bin/python -m pip install --disable-pip-version-check -q -r requirements-paddle.txt
	touch $@

$(BUILD)/build.ninja: $(VENV_STAMP)
	$(VENV)/bin/cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

# The op spec generates ODS, Python builders and docs (files are rewritten
# only when their content changes, so nothing rebuilds needlessly).
generate: $(VENV_STAMP)
	$(VPY) tools/pd-opgen/pd_opgen.py

build: $(BUILD)/build.ninja generate
	$(VENV)/bin/cmake --build $(BUILD) -j $(JOBS) --target all mlir-doc
	@# Make `import paddle_mlir` and the `paddle-mlir` CLI work in the venv,
	@# straight from the source tree (the build puts its outputs there).
	echo "$(abspath python)" > $(SITE)/paddle_mlir.pth
	printf '#!%s\nimport sys\nfrom paddle_mlir.cli import main\nsys.exit(main())\n' \
		"$(abspath $(VPY))" > $(VENV)/bin/paddle-mlir
	chmod +x $(VENV)/bin/paddle-mlir
	@# Bytecode of the package once (0.15 s of every process start where
	@# PYTHONDONTWRITEBYTECODE keeps Python from caching it itself).
	$(VPY) -m compileall -q python/paddle_mlir

# Refresh the checked-in dialect and pass docs (a test fails when they are stale).
docs: build
	cp $(BUILD)/docs/Dialects/*.md $(BUILD)/docs/Passes/*.md docs/
	$(VPY) tools/op_coverage.py

check-lit: build
	$(VENV)/bin/lit $(LIT_ARGS) $(BUILD)/test

check-python: build paddle-venv
	$(PADDLE_ENV) $(VPY) -m pytest $(PYTEST_ARGS) test/python

test: build paddle-venv
	@# Run both suites, fail if either fails.
	status=0; \
	$(VENV)/bin/lit $(LIT_ARGS) $(BUILD)/test || status=1; \
	$(PADDLE_ENV) $(VPY) -m pytest $(PYTEST_ARGS) test/python || status=1; \
	exit $$status

# Real Paddle-exported models (made by bench/models_real.py in its own venv;
# BENCH_MODELS=DIR to use others): AOT parity of ResNet-18 from a C program.
BENCH_MODELS ?= $(HOME)/.cache/paddle-mlir/bench-models
test-models: build
	PADDLE_MLIR_BENCH_MODELS=$(BENCH_MODELS) $(VPY) -m pytest $(PYTEST_ARGS) -rs test/python/test_aot_real_models.py

# The model corpus (tools/export_corpus.py): real architectures of
# paddle.vision.models, PaddleClas, PaddleSeg, PaddleDetection and PaddleNLP (their pinned wheels,
# tools/corpus-libraries.txt, unpacked without dependencies) exported with
# random weights by Paddle 3.3.1 into build/corpus/models; test-corpus runs
# each through `paddle-mlir run` against Paddle's outputs.
CORPUS := $(BUILD)/corpus
corpus: paddle-venv
	mkdir -p $(CORPUS)/wheels $(CORPUS)/libs
	$(PADDLE_VENV)/bin/pip download -q --no-deps -d $(CORPUS)/wheels -r tools/corpus-libraries.txt
	cd $(CORPUS)/libs && for w in ../wheels/*.whl; do $(abspath $(PADDLE_VENV))/bin/python -m zipfile -e $$w .; done
	$(PADDLE_VENV)/bin/python tools/export_corpus.py --out $(CORPUS)/models --libs $(CORPUS)/libs

test-corpus: build corpus
	PADDLE_MLIR_CORPUS=$(abspath $(CORPUS))/models $(VPY) -m pytest $(PYTEST_ARGS) -rs test/python/test_corpus.py

# A longer fuzzing campaign than make test's (tools/fuzz/): crashes
# and hangs are saved under FUZZ_OUT with a one-command reproducer.
FUZZ_COUNT ?= 20000
FUZZ_PROGRAMS ?= 2000
FUZZ_SEED  ?= 2
FUZZ_OUT   ?= $(BUILD)/fuzz
fuzz: build
	status=0; \
	$(VPY) tools/fuzz/fuzz_ir.py --count $(FUZZ_COUNT) --seed $(FUZZ_SEED) --out $(FUZZ_OUT)/ir || status=1; \
	$(VPY) tools/fuzz/fuzz_import.py --count $(FUZZ_COUNT) --seed $(FUZZ_SEED) --out $(FUZZ_OUT)/import || status=1; \
	$(VPY) tools/fuzz/fuzz_programs.py --count $(FUZZ_PROGRAMS) --seed $(FUZZ_SEED)000 --jobs 2 --out $(FUZZ_OUT)/programs || status=1; \
	exit $$status

run: build
	$(VPY) examples/quickstart.py
	$(VPY) examples/cpu_inference.py

clean:
	rm -rf $(BUILD) python/paddle_mlir/*.so python/paddle_mlir/backend/runtime/*.so python/paddle_mlir/dialects/_*_gen.py

distclean: clean
	rm -rf $(VENV) $(PADDLE_VENV)
