# The README's contract: `make run` serves the site, `make test` runs every test.
SHELL := /bin/bash
PY_VERSION ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BUN_VERSION := 1.4.4
TOOLS := tools
BUN := $(TOOLS)/node_modules/.bin/bun
PORT ?= 3000
HOST ?= 127.0.0.1
export PATH := $(CURDIR)/$(TOOLS)/node_modules/.bin:$(CURDIR)/$(VENV)/bin:$(PATH)
export REFLEX_USE_SYSTEM_BUN := 1
export REFLEX_TELEMETRY_ENABLED := false

.PHONY: run dev test test-slow bench install install-test migrate images chromium cjk-font clean prod-stack-test

run: install migrate images
	@scripts/serve.sh "$(HOST)" "$(PORT)"

dev: install migrate images
	reflex run --env dev

# The browser tests and the unit and API tests side by side (scripts/run_tests.sh). The long
# browser sweeps (every page at several widths, timed animations) and the two 50-round race
# tests are `make test-slow`.
test: install-test chromium images
	scripts/run_tests.sh

test-slow: install-test chromium images
	$(PY) -m pytest -m slow

# The app on PostgreSQL + Redis with three workers (private instances; see scripts/prod_stack.py).
prod-stack-test: install-test chromium images
	$(PY) scripts/prod_stack.py

bench: install-test chromium images
	$(PY) -m bench.run_all

install: $(VENV)/.installed $(BUN) cjk-font

install-test: install $(VENV)/.installed-test

migrate:
	$(VENV)/bin/alembic upgrade head

# Placeholder photos and responsive WebP variants (fast when nothing changed).
images: install
	$(PY) scripts/build_images.py

# uv installs the pinned packages in seconds where pip takes a minute or more.
UV := $(VENV)/bin/uv
UV_VERSION := 0.9.30

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PY_VERSION) -m venv $(VENV)
	test -x $(UV) || $(PY) -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	$(UV) pip install --quiet --python $(PY) -r requirements.txt
	touch $@

$(VENV)/.installed-test: requirements-test.txt $(VENV)/.installed
	$(UV) pip install --quiet --python $(PY) -r requirements-test.txt
	touch $@

$(BUN):
	npm install --silent --no-fund --no-audit --prefix $(TOOLS) bun@$(BUN_VERSION)

# Debian's Chromium for the browser tests (Playwright cannot download browsers here).
chromium:
	@if ! command -v chromium >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian's chromium (apt)..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "Chromium is missing: run 'sudo apt-get install -y chromium' and try again."; exit 1; \
	  fi; \
	fi

# Debian's Noto Sans CJK, for Chinese, Japanese and Korean text in PDFs (services/billing/pdf.py).
# Without root it only warns: the site runs, without such text in its PDFs.
CJK_FONT := /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
cjk-font:
	@if [ ! -f $(CJK_FONT) ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian's fonts-noto-cjk (apt)..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null; \
	  else \
	    echo "Warning: Chinese, Japanese and Korean text needs 'sudo apt-get install -y fonts-noto-cjk'."; \
	  fi; \
	fi

clean:
	rm -rf .web .states
