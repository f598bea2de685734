# Scorpion: build, serve and test. GNU make; works from a fresh clone on a fresh Debian machine.
#
#   make deps       .venv (requirements-dev.txt) and node_modules (package-lock.json), when changed
#   make chromium   Debian's chromium + fonts-noto-cjk, only if $(CHROMIUM) is missing
#   make engines    Debian's firefox-esr, webkit2gtk-driver, xvfb, xauth, only if missing
#   make site       build the static site into _site/ (tools/build_site.py)
#   make serve      site, then serve _site/ on http://127.0.0.1:$(PORT)/
#   make test       everything CI runs: lint, unit, wasm, e2e, engines-test
#   make lint       ruff + mypy       make unit   pytest tests/ under CPython, with coverage
#   make wasm       tests/ under Pyodide in Node   make e2e   browser tests (e2e/) in Chromium
#   make engines-test  the acceptance scenarios (e2e/engines/) in Firefox, WebKit and Chromium
#   make winnable   regenerate static/data/winnable-*.json and daily-classic.json (minutes; commit)
#   make clean      build output and caches (distclean: also .venv and node_modules)
#
# Extra pytest arguments: make unit ARGS="-k notation"; the same for wasm, e2e, engines-test.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-builtin-rules

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM ?= /usr/bin/chromium
export CHROMIUM
PORT ?= 8000
ARGS ?=
# pytest-xdist: off by default. On two cores it gains little, and a run of the browser tests
# with -n 2 lost some to crashed pages. Try: make test XDIST="-n auto".
XDIST ?=

# Stamps live inside what they stand for, so deleting .venv or node_modules resets them.
VENV_STAMP := $(VENV)/.stamp-requirements
NODE_STAMP := node_modules/.stamp-package-lock
WASM_SITE := $(VENV)/pyodide-site-packages
WASM_STAMP := $(WASM_SITE)/.stamp

# Root needs no sudo; anyone else uses it if there is one.
SUDO := $(if $(filter 0,$(shell id -u)),,$(shell command -v sudo 2>/dev/null))

.PHONY: help deps chromium engines engines-test site serve winnable catalogs wasm-deps test lint unit wasm e2e clean distclean

help:
	@sed -n '1,16s/^# \{0,1\}//p' Makefile

# --- dependencies ---------------------------------------------------------------------------

deps: $(VENV_STAMP) $(NODE_STAMP)

$(VENV_STAMP): requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# pytest + Hypothesis as WebAssembly wheels, for the Pyodide run (see tools/install_wasm_deps.py).
wasm-deps: $(WASM_STAMP)

$(WASM_STAMP): $(VENV_STAMP) $(NODE_STAMP) tools/install_wasm_deps.py
	$(PY) tools/install_wasm_deps.py
	touch $@

chromium:
	@if [ -x "$(CHROMIUM)" ] && { ! command -v dpkg-query >/dev/null \
	     || dpkg-query -W -f='$${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'ok installed'; }; then \
	  echo "chromium: $(CHROMIUM)"; \
	else \
	  if [ "$$(id -u)" != 0 ] && [ -z "$(SUDO)" ]; then \
	    echo "chromium: $(CHROMIUM) missing; need root or sudo to apt-get install it" >&2; exit 1; \
	  fi; \
	  $(SUDO) apt-get update; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-noto-cjk; \
	  test -x "$(CHROMIUM)" || { echo "chromium: still no $(CHROMIUM) (set CHROMIUM?)" >&2; exit 1; }; \
	fi

# Firefox ESR (driven over WebDriver BiDi by puppeteer-core) and WebKitGTK's MiniBrowser
# (driven by WebKitWebDriver through selenium, under xvfb-run): see e2e/engines/.
ENGINE_PACKAGES := firefox-esr webkit2gtk-driver xvfb xauth

engines:
	@missing=$$(for p in $(ENGINE_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -z "$$missing" ]; then \
	  echo "engines: $(ENGINE_PACKAGES) installed"; \
	else \
	  if [ "$$(id -u)" != 0 ] && [ -z "$(SUDO)" ]; then \
	    echo "engines: need root or sudo to apt-get install" $$missing >&2; exit 1; \
	  fi; \
	  $(SUDO) apt-get update; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

# --- build ----------------------------------------------------------------------------------

site: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) tools/build_site.py

# .po -> .mo beside them, for tests (the site build compiles its own copy into the zip).
catalogs: $(VENV_STAMP)
	$(PY) tools/compile_catalogs.py

serve: site
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory _site

# The New game dialog's "Winnable deals only" lists: deals the solver proves winnable.
winnable: $(VENV_STAMP)
	$(PY) tools/winnable.py --variant classic --count 1000
	$(PY) tools/winnable.py --variant relaxed --count 300
	$(PY) tools/daily.py

# --- tests ----------------------------------------------------------------------------------

test: deps chromium engines site lint unit wasm e2e engines-test

lint: $(VENV_STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	$(PY) -m mypy tools
	MYPYPATH=static $(PY) -m mypy -p webapp

# The unit tests under coverage.py: how much of the browser layer (static/webapp) the CPython
# tests reach without a browser (pyproject.toml, [tool.coverage]); the report lists the
# modules not fully covered, and the total.
unit: $(VENV_STAMP)
	$(PY) -m coverage run -m pytest $(XDIST) $(ARGS)
	$(PY) -m coverage report

wasm: $(WASM_STAMP) catalogs
	node tests/pyodide/run.mjs $(ARGS)

e2e: deps chromium site
	$(PY) -m pytest e2e --ignore=e2e/engines $(XDIST) $(ARGS)

# The acceptance scenarios in Chromium, Firefox and WebKit (e2e/engines/); MiniBrowser has no
# headless mode, hence the virtual display. Pick one: make engines-test ARGS="--engine webkit".
engines-test: deps chromium engines site catalogs
	xvfb-run -a -s "-screen 0 1920x1200x24" $(PY) -m pytest e2e/engines $(ARGS)

# --- cleaning -------------------------------------------------------------------------------

clean:
	rm -rf _site .pytest_cache .mypy_cache .ruff_cache .hypothesis test-results .coverage
	find . -path ./.venv -prune -o -path ./node_modules -prune -o \
	  -name __pycache__ -type d -prune -exec rm -rf {} +
	if [ -d i18n ]; then find i18n -name '*.mo' -delete; fi

distclean: clean
	rm -rf $(VENV) node_modules
