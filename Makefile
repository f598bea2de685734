# Scorpion: build, serve and test. GNU make; works from a fresh clone on a fresh Debian machine.
#
#   make deps       .venv (requirements-dev.txt) and node_modules (package-lock.json), when changed
#   make chromium   Debian's chromium + fonts-noto-cjk, only if $(CHROMIUM) is missing
#   make engines    Debian's firefox-esr, webkit2gtk-driver, xvfb, xauth, only if missing
#   make browsers   both of the above in one apt-get run (what make test uses)
#   make site       build the static site into _site/ (tools/build_site.py)
#   make serve      site, then serve _site/ on http://127.0.0.1:$(PORT)/
#   make test       everything CI runs: lint, unit, wasm, build-check, e2e, engines-test (the
#                   first four beside the browsers' installation, two at a time: make -j2)
#   make lint       ruff + mypy       make unit   pytest tests/ under CPython (coverage of webapp)
#   make wasm       tests/ under Pyodide in Node   make e2e   browser tests (e2e/) in Chromium
#   make engines-test  the acceptance scenarios (e2e/engines/) in Firefox, WebKit and Chromium
#   make build-check   a build of this tree gives _site/ byte for byte (tests/build/)
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
# pytest-xdist for the browser suites: two workers, a test file to each at a time (a file's
# tests share its booted pages), so that one browser boots Python while the other's test
# waits on a page. The unit tests run in one process (coverage.py measures it), beside the
# other stages in make test. XDIST="" and XDIST_ENGINES="" run the suites in one process.
XDIST ?= -n 2 --dist loadfile
# The engines' scenarios: an engine to each worker (e2e/engines/conftest.py groups them).
XDIST_ENGINES ?= -n 2 --dist loadgroup

# Stamps live inside what they stand for, so deleting .venv or node_modules resets them.
VENV_STAMP := $(VENV)/.stamp-requirements
NODE_STAMP := node_modules/.stamp-package-lock
WASM_SITE := $(VENV)/pyodide-site-packages
WASM_STAMP := $(WASM_SITE)/.stamp

# Root needs no sudo; anyone else uses it if there is one.
SUDO := $(if $(filter 0,$(shell id -u)),,$(shell command -v sudo 2>/dev/null))

.PHONY: help deps chromium engines browsers engines-test site serve winnable catalogs wasm-deps test checks lint unit wasm build-check e2e clean distclean

help:
	@sed -n '1,18s/^# \{0,1\}//p' Makefile

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

# Debian packages, installed in one apt-get run, only those missing, without the packages
# they only recommend (88 packages instead of 334: no printing, speech, media codecs or
# spell checking, none of which a test uses). dpkg's unsafe-io skips an fsync per file: a
# throwaway CI machine loses nothing by it, and installs sooner. fonts-liberation is only
# recommended by chromium; named here, the pages keep the metrics they were laid out with.
CHROMIUM_PACKAGES := chromium fonts-noto-cjk fonts-liberation
# Firefox ESR (driven over WebDriver BiDi by puppeteer-core) and WebKitGTK's MiniBrowser
# (driven by WebKitWebDriver through selenium, under xvfb-run): see e2e/engines/.
ENGINE_PACKAGES := firefox-esr webkit2gtk-driver xvfb xauth
define apt_install
missing=$$(for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
if [ -z "$$missing" ]; then \
  echo "installed: $(1)"; \
else \
  if [ "$$(id -u)" != 0 ] && [ -z "$(SUDO)" ]; then \
    echo "need root or sudo to apt-get install" $$missing >&2; exit 1; \
  fi; \
  $(SUDO) apt-get update -q; \
  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    -o Dpkg::Options::=--force-unsafe-io $$missing; \
fi
endef

chromium:
	@$(call apt_install,$(CHROMIUM_PACKAGES))
	@test -x "$(CHROMIUM)" || { echo "chromium: no $(CHROMIUM) (set CHROMIUM?)" >&2; exit 1; }

engines:
	@$(call apt_install,$(ENGINE_PACKAGES))

browsers:
	@$(call apt_install,$(CHROMIUM_PACKAGES) $(ENGINE_PACKAGES))
	@test -x "$(CHROMIUM)" || { echo "chromium: no $(CHROMIUM) (set CHROMIUM?)" >&2; exit 1; }

# --- build ----------------------------------------------------------------------------------

# Built again only when an input is newer than the last build, or _site/ is gone (make test
# asks for the site three times). make build-check fails on a _site/ that is not this
# tree's build, so an input missing from this list cannot pass unnoticed.
SITE_STAMP := .stamp-site
SITE_INPUTS := $(shell find index.html pyscript.toml manifest.webmanifest sw.js \
  package-lock.json scorpion static i18n tools -type f ! -name '*.mo' ! -name '*.pyc' \
  ! -path '*/__pycache__/*' 2>/dev/null)
ifeq ($(wildcard _site/index.html),)
$(shell rm -f $(SITE_STAMP))
endif

site: $(SITE_STAMP)

$(SITE_STAMP): $(SITE_INPUTS) $(VENV_STAMP) $(NODE_STAMP)
	$(PY) tools/build_site.py
	touch $@

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

# The browsers' installation from the start, beside everything that needs no browser: the
# dependencies, the site and the catalogs (unit tests read both), then lint, unit, wasm and
# build-check, two at a time once apt is done (the sub-make shares make's two job slots;
# each stage's output kept together). Then the browser suites, one after the other.
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target browsers checks
	$(MAKE) --no-print-directory e2e engines-test

checks: deps site catalogs
	$(MAKE) --no-print-directory lint unit wasm build-check

lint: $(VENV_STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	$(PY) -m mypy tools
	MYPYPATH=static $(PY) -m mypy -p webapp

# The unit tests: the browser layer's (tests/webapp, static/webapp's doctests) under
# coverage.py, which says how much of static/webapp they reach without a browser
# (pyproject.toml, [tool.coverage]; the report lists the modules not fully covered, and the
# total), then every other test without its tracer (conftest.py marks the two halves).
unit: $(VENV_STAMP)
	$(PY) -m coverage run -m pytest -m browser_layer $(ARGS)
	$(PY) -m coverage report
	$(PY) -m pytest -m "not browser_layer" $(ARGS)

wasm: $(WASM_STAMP) catalogs
	node tests/pyodide/run.mjs $(ARGS)

# Against the built _site/ (make site; make test builds it first). No browser, pure CPU, not
# under coverage: beside lint, unit and wasm in make test. pytest does not
# recurse into a folder named build, so unit and wasm leave tests/build/ alone.
build-check: $(VENV_STAMP)
	$(PY) -m pytest tests/build $(ARGS)

e2e: deps chromium site
	$(PY) -m pytest e2e --ignore=e2e/engines $(XDIST) $(ARGS)

# The acceptance scenarios in Chromium, Firefox and WebKit (e2e/engines/); MiniBrowser has no
# headless mode, hence the virtual display. Pick one: make engines-test ARGS="--engine webkit".
engines-test: deps chromium engines site catalogs
	xvfb-run -a -s "-screen 0 1920x1200x24" $(PY) -m pytest e2e/engines $(XDIST_ENGINES) $(ARGS)

# --- cleaning -------------------------------------------------------------------------------

clean:
	rm -rf _site $(SITE_STAMP) .pytest_cache .mypy_cache .ruff_cache .hypothesis test-results .coverage
	find . -path ./.venv -prune -o -path ./node_modules -prune -o \
	  -name __pycache__ -type d -prune -exec rm -rf {} +
	if [ -d i18n ]; then find i18n -name '*.mo' -delete; fi

distclean: clean
	rm -rf $(VENV) node_modules
