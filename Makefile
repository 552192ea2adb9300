# The two commands: `make run` serves the game; `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-client lint typecheck system-deps bench bench-engine bench-strength bench-load bench-restart bench-failover bench-hop screenshots clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(BIN)/.installed-test: $(BIN)/.installed
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

run: $(BIN)/.installed
	$(BIN)/briscola serve --host $(HOST) --port $(PORT)

system-deps:
	scripts/ensure-system-deps.sh

lint: $(BIN)/.installed-test
	$(BIN)/ruff check server tests bench
	$(BIN)/ruff format --check server tests bench

typecheck: $(BIN)/.installed-test
	$(BIN)/mypy

# The browser client's pure modules, under node's own test runner (no npm packages).
test-client: system-deps
	node --test tests/client/*.test.mjs

test: $(BIN)/.installed-test system-deps lint typecheck test-client
	$(BIN)/python -m doctest README.md
	$(BIN)/pytest

screenshots: $(BIN)/.installed-test system-deps
	BRISCOLA_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/e2e/test_e2e_screenshots.py

$(BIN)/.installed-bench: $(BIN)/.installed-test
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $@

# Each benchmark writes its section of docs/BENCHMARKS.md (see the script's docstring for
# its options); `make bench` runs the engine's, the quickest.
bench: bench-engine

bench-engine: $(BIN)/.installed-bench
	$(BIN)/python bench/engine.py

bench-strength: $(BIN)/.installed-bench
	$(BIN)/python bench/strength.py --jobs 2

bench-load: $(BIN)/.installed-bench system-deps
	$(BIN)/python bench/load.py --mode realistic --tables 1000 2000 --nice -5
	$(BIN)/python bench/load.py --mode saturated --tables 1000 --nice -5

bench-restart: $(BIN)/.installed-bench system-deps
	$(BIN)/python bench/restart.py

bench-failover: $(BIN)/.installed-bench system-deps
	$(BIN)/python bench/failover.py

bench-hop: $(BIN)/.installed-bench system-deps
	$(BIN)/python bench/hop.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
