# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test lint worker beat bench vendor clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip==25.3
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# Embedded mode: SQLite under var/, in-memory channel layer, offline patient and
# annotator, demo users. No key, no Redis, no PostgreSQL needed.
run: install
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py seed_demo
	@echo ""
	@echo "  Open http://$(HOST):$(PORT)/ and log in as trainee, supervisor or admin"
	@echo "  (password: $${DEMO_PASSWORD:-practice-demo}). Ctrl+C stops the server."
	@echo ""
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/uvicorn config.asgi:application --host $(HOST) --port $(PORT) --no-access-log --timeout-graceful-shutdown 10

# The whole suite. Uses PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set
# (CI sets both), and Debian's Chromium for the browser tests.
test: install
	$(BIN)/lint-imports
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

worker: install
	$(BIN)/celery -A config worker --loglevel=INFO --pool=threads --concurrency=4

beat: install
	$(BIN)/celery -A config beat --loglevel=INFO

bench: install
	$(BIN)/python bench/ws_latency.py

vendor:
	rm -rf /tmp/practice-vendor && mkdir -p /tmp/practice-vendor
	cd /tmp/practice-vendor && npm init -y >/dev/null && npm install --no-audit --no-fund htmx.org@2.0.11 htmx-ext-ws@2.0.4
	cp /tmp/practice-vendor/node_modules/htmx.org/dist/htmx.min.js static/vendor/htmx-2.0.11.min.js
	cp /tmp/practice-vendor/node_modules/htmx-ext-ws/dist/ws.js static/vendor/htmx-ext-ws-2.0.4.js

clean:
	rm -rf $(VENV) var staticfiles
