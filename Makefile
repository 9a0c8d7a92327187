# PeerParty. `make run` serves the site on the LAN with a local PeerServer; `make test` runs every test.
PYTHON ?= python3
NPM ?= npm

.PHONY: build run test test-fast lint compat dist clean bench bench-docs docs-img deps catalogs
LINT_PATHS = py tests e2e bench scripts examples

# npm writes node_modules/.package-lock.json on every install: reinstall when the lock is newer
node_modules/.package-lock.json: package-lock.json package.json
	$(NPM) ci --no-audit --no-fund

# the tests' Python tools: reinstall when requirements-dev.txt changes (the copy beside them is the stamp)
DEV_STAMP = .build-tools/requirements-dev.txt
$(DEV_STAMP): requirements-dev.txt
	$(PYTHON) -m pip install -q -r requirements-dev.txt
	mkdir -p .build-tools && cp requirements-dev.txt $@

deps: $(DEV_STAMP) node_modules/.package-lock.json

build: node_modules/.package-lock.json
	$(PYTHON) scripts/build.py

run: build
	$(PYTHON) scripts/run.py --no-build

# both cores: pytest-xdist runs a file's tests on one worker (e2e files share their pages' setup); the 15 slowest
# tests are listed at the end, to keep CI under its 30 minutes with the figures at hand
# On a fresh machine it installs what it needs first, as `make run` does, and checks the code's lint and format
# (ruff: `make lint` alone, `ruff format` to apply it).
test: deps build compat
	$(PYTHON) -m ruff check $(LINT_PATHS)
	$(PYTHON) -m ruff format --check $(LINT_PATHS)
	PEERPARTY_SKIP_BUILD=1 $(PYTHON) -m pytest -n 2 --dist loadfile --durations=15 tests e2e

# `make test-fast K=<id>`: only that game's share of every suite (docs/add-a-game.md); tests/ only, no browser
test-fast: deps build
	PEERPARTY_SKIP_BUILD=1 $(PYTHON) -m pytest -n 2 tests $(if $(K),-k "$(K)")

# The browser targets (.browserslistrc): every API the site's own scripts and built bundles call, and every CSS
# feature its stylesheets use, is in each target browser or tested for first (docs/browsers.md)
COMPAT_JS = static/js sw.js static/build/*.js host.html join.html screen.html index.html
COMPAT_CSS = "static/css/**/*.css" "examples/**/*.css"
compat: deps build
	node_modules/.bin/eslint --max-warnings 0 $(COMPAT_JS)
	node_modules/.bin/stylelint --max-warnings 0 --report-needless-disables --report-descriptionless-disables $(COMPAT_CSS)

# The message catalogs (docs/languages.md): what the Python marks with _() and friends, extracted by Babel into
# locale/messages.pot, then each language's locale/<lang>/LC_MESSAGES/messages.po updated from it (a new message
# comes in untranslated, a changed one fuzzy); last, what is left to translate (the tests fail on it)
PYBABEL = $(PYTHON) -m babel.messages.frontend
catalogs: $(DEV_STAMP)
	$(PYBABEL) -q extract -F babel.cfg -c "i18n:" --strip-comment-tags --project PeerParty \
		--copyright-holder "the PeerParty authors" -o locale/messages.pot.new py
	$(PYTHON) scripts/catalogs.py pot locale/messages.pot.new
	$(PYBABEL) -q update -i locale/messages.pot -d locale --ignore-pot-creation-date
	-$(PYTHON) scripts/catalogs.py check

lint: $(DEV_STAMP)
	$(PYTHON) -m ruff check $(LINT_PATHS)
	$(PYTHON) -m ruff format --check $(LINT_PATHS)

dist: build
	$(PYTHON) scripts/build.py --dist dist/

clean:
	rm -rf static/vendor static/build dist artifacts

bench: build
	$(PYTHON) -m bench

# the full bench, then the tables README.md and docs/ quote are rewritten from that run, and no figure a page
# quotes may be older than the code it measures (docs/performance.md, "Figures of the code as it is")
bench-docs: build
	$(PYTHON) -m bench --docs
	PEERPARTY_CHECK_FIGURES=1 $(PYTHON) -m pytest -q tests/test_docs.py -k figures

# The README's pictures, from the e2e run of Seven Rounds' screens, made small (pngquant: apt-get install
# pngquant). They are committed so the README shows them wherever it is read; rerun when the screens change.
SHOTS = artifacts/screens/screens-seven_rounds
docs-img: build
	PEERPARTY_SKIP_BUILD=1 $(PYTHON) -m pytest e2e/test_screens.py -q -k seven_rounds_screens
	pngquant --force --strip --speed 1 --quality 60-90 --output docs/img/tv.png $(SHOTS)-host-1280-reveal.png
	pngquant --force --strip --speed 1 --quality 60-90 --output docs/img/phone.png $(SHOTS)-phone-reveal.png
	PEERPARTY_SKIP_BUILD=1 $(PYTHON) -m pytest e2e/test_second_screen.py -q -k whole_seven_rounds
	pngquant --force --strip --speed 1 --quality 60-90 --output docs/img/screen-tv.png artifacts/screens/second-screen-tv-reveal.png
	pngquant --force --strip --speed 1 --quality 60-90 --output docs/img/screen-remote.png artifacts/screens/second-screen-screen-reveal.png
	PEERPARTY_SKIP_BUILD=1 $(PYTHON) -m pytest e2e/test_controls.py -q -k seven_rounds
	pngquant --force --strip --speed 1 --quality 60-90 --output docs/img/controls-phone.png artifacts/screens/controls-phone-reveal.png
