# Virada: the two commands a new user needs are `make serve` and `make test`.
# Every target installs what it is missing (see scripts/setup.sh) and is quiet
# when all is there.
#
#   make serve    build the wasm package and serve the page on http://127.0.0.1:8000/
#   make test     format, lints, Rust tests, wasm build, JavaScript check, browser tests
#   make wasm     build www/pkg (wasm-bindgen package, optimized with wasm-opt)
#                 and the site's version for the service worker
#   make bench    native and wasm benchmark figures (wasm: target/pkg-bench,
#                 a package built with the `bench` feature)
#   make weight   gzip sizes of what each page downloads, against its budget
#   make lighthouse  Lighthouse (mobile) on the five pages, against the bars

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DELETE_ON_ERROR:
MAKEFLAGS += --no-print-directory

PORT ?= 8000
HOST ?= 127.0.0.1
# cargo install puts wasm-bindgen here; make sure it is found.
export PATH := $(or $(CARGO_HOME),$(HOME)/.cargo)/bin:$(PATH)

SETUP := bash scripts/setup.sh
WASM_TARGET := wasm32-unknown-unknown
WASM_OUT := target/$(WASM_TARGET)/release/virada.wasm
# The library is an rlib in crate/Cargo.toml; the wasm packages link it as a
# cdylib here, so no native shared library is ever built.
WASM_BUILD := cargo rustc -q -p virada --lib --release --target $(WASM_TARGET) --crate-type cdylib
# The bots' and the review's package (www/pkg-bot) builds in a target folder
# of its own, so switching features does not rebuild the page's each time.
WASM_BOT_DIR := target/wasm-bot
WASM_BOT_OUT := $(WASM_BOT_DIR)/$(WASM_TARGET)/release/virada.wasm
# The top level's package on several threads (www/pkg-threads), for pages
# that are cross-origin isolated: WebAssembly threads, i.e. atomics and one
# memory that the bot's worker makes and its helper workers import (at most
# 256 MiB), with the standard library rebuilt for them (-Z build-std: the
# stable toolchain with RUSTC_BOOTSTRAP=1 and the rust-src component, which
# scripts/setup.sh adds). wasm-bindgen sees the shared memory and gives each
# thread its stack and thread-locals.
# The check of a tournament's file (www/pkg-trf), in a target folder of its
# own too: "Verify a game" loads it only when the text is a TRF.
WASM_TRF_DIR := target/wasm-trf
WASM_TRF_OUT := $(WASM_TRF_DIR)/$(WASM_TARGET)/release/virada.wasm
# The puzzle page's worker's (www/pkg-puzzle: the exact solver and the
# puzzles), in a target folder of its own: only puzzle.html loads it.
WASM_PUZZLE_DIR := target/wasm-puzzle
WASM_PUZZLE_OUT := $(WASM_PUZZLE_DIR)/$(WASM_TARGET)/release/virada.wasm
WASM_THREADS_DIR := target/wasm-threads
WASM_THREADS_OUT := $(WASM_THREADS_DIR)/$(WASM_TARGET)/release/virada.wasm
WASM_THREADS_RUSTFLAGS := -C target-feature=+simd128,+atomics,+bulk-memory,+mutable-globals \
	-C link-arg=--shared-memory -C link-arg=--import-memory -C link-arg=--max-memory=268435456 \
	-C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size \
	-C link-arg=--export=__tls_align -C link-arg=--export=__tls_base
# Every browser the page targets runs WebAssembly SIMD (Chromium 91+,
# Firefox 89+, Safari 16.4+, Node 16.4+).
WASM_RUSTFLAGS ?= -C target-feature=+simd128
# wasm-opt level: 3, s and z came out within 0.5% of each other in size, so
# the level meant for speed.
WASM_OPT_LEVEL ?= 3
# The page's package (www/pkg: the table's rules, records, seeds; no search)
# is compiled for size: 59.5 KB gzip against 84.6 KB at opt-level 3, within
# the first board's budget (tests/bench/page-weight.mjs). The bots' package
# stays at the release profile's opt-level 3, for speed.
WASM_PAGE_OPT := --config 'profile.release.opt-level="z"'
# Extra flags for the native benchmark build (e.g. -C target-cpu=x86-64-v3;
# target-cpu=native is slower for perft on AVX-512 machines, see docs/engine.md).
NATIVE_RUSTFLAGS ?=
NODE_DEPS := node_modules/.package-lock.json
# wasm-bindgen, then wasm-opt; skipped when the package was made from this
# very .wasm with the same flags (a stamp in target/wasm-stamps/).
WASM_PACKAGE := bash scripts/wasm-package.sh
# Each step's wall time, and the browser files' test times, for the summary
# at the end of `make test` (scripts/phase.sh, scripts/test-times.mjs).
TIMES := target/test-times
PHASE := TEST_TIMES=$(TIMES) bash scripts/phase.sh
# node --test's own reporter (spec at a terminal, TAP otherwise, as node
# chooses by itself) to the output, and one JSON line a test to $(TIMES).
NODE_REPORTERS = --test-reporter=$$([ -t 1 ] && echo spec || echo tap) --test-reporter-destination=stdout \
	--test-reporter=./scripts/test-times-reporter.mjs --test-reporter-destination=$(TIMES)/browser-$(1).jsonl
BIN := target/release/virada

.PHONY: serve test wasm wasm-page wasm-bot wasm-threads wasm-trf wasm-puzzle bench bench-wasm weight lighthouse lint rust-build rust-test rust-test-beside js-check browser-test browser-shared browser-alone setup clean

## serve: build, then serve the site (what sw.js lists, not the repository); play at http://localhost:$(PORT)/ (passkeys need a domain)
serve: wasm
	@$(SETUP) ssl
	cargo build -q --release -p virada-cli --bin virada
	$(BIN) serve --host $(HOST) --port $(PORT) --root . --new-key

## test: everything CI checks; it ends with each phase's time, the slowest test files and the count
# The Rust tests mostly wait on servers and clocks (about two thirds of two
# cores idle: 147 s of wall time for 100 s of CPU), so once they are built
# they run beside the wasm build and tsc; their output goes to
# $(TIMES)/rust-test.log and is shown when they end (all of it on a
# failure). Not beside the browser batch: run there, on a slow evening,
# four of the socket tests over several servers and Redis lost their
# timing and failed (8 December 2026, docs/development.md). Then the
# shared browser batch, then the browser files that lean on the machine's
# time, alone.
# Each step's wall time goes to $(TIMES) (scripts/phase.sh), and the run ends
# with each phase's time, the ten slowest test files and a count of the
# tests (scripts/test-times.mjs), so that growth is seen when it happens.
# The summary is printed on a failure too (a failed step's time and what
# ran before it), then make stops with the step's status.
test:
	@rm -rf $(TIMES)
	@status=0; { $(MAKE) -j2 lint $(NODE_DEPS) && $(MAKE) rust-build && $(MAKE) -j2 rust-test-beside js-check \
		&& $(MAKE) browser-shared WASM_BUILT=1 BIN_BUILT=1 && $(MAKE) browser-alone WASM_BUILT=1 BIN_BUILT=1; } \
		|| status=$$?; \
	node scripts/test-times.mjs $(TIMES) || true; exit $$status

lint:
	@$(SETUP) rust wasm ssl
	$(PHASE) fmt cargo fmt --all --check
	$(PHASE) clippy cargo clippy --workspace --all-targets -- -D warnings
	$(PHASE) clippy-wasm cargo clippy -p virada --lib --target $(WASM_TARGET) -- -D warnings
	$(PHASE) library-deps bash scripts/library-deps.sh

# Six tests at a time in each test binary: most of the CLI's integration
# tests wait on servers and clocks, not the CPU (on 2 cores, 43 s at six
# against 111 s at libtest's default of one per core).
RUST_TEST_THREADS ?= 6

# The test build makes the server binary the browser tests serve the
# pages with (target/debug/virada) too, for the CLI's integration tests.
rust-build:
	@$(SETUP) rust redis haproxy ssl
	$(PHASE) rust-build cargo test -q --workspace --no-run

# MAKEFLAGS emptied: under `make -j2` it names a jobserver this recipe is not
# given, and rustdoc warns that it cannot open it.
rust-test:
	@$(SETUP) rust redis haproxy
	@mkdir -p $(TIMES)
	MAKEFLAGS= $(PHASE) rust-test cargo test --workspace -- --test-threads=$(RUST_TEST_THREADS) \
		2>&1 | tee $(TIMES)/rust-test.log

# The Rust tests beside the wasm build and tsc (make test): their output to
# the log only, then the count of each binary, or the whole log on a failure.
rust-test-beside:
	@mkdir -p $(TIMES)
	@echo "rust-test: running beside the wasm build and tsc; output in $(TIMES)/rust-test.log"
	@MAKEFLAGS= $(PHASE) rust-test cargo test --workspace -- --test-threads=$(RUST_TEST_THREADS) \
		>$(TIMES)/rust-test.log 2>&1 \
		&& { grep -E '^test result' $(TIMES)/rust-test.log | awk '{ p += $$4; f += $$6 } END { printf "rust-test: %d passed, %d failed\n", p, f }'; } \
		|| { cat $(TIMES)/rust-test.log; echo "rust-test: failed (above)"; exit 1; }

## js-check: tsc over www/ (// @ts-check, JSDoc types), against the wasm package's virada.d.ts
js-check: $(NODE_DEPS) wasm
	$(PHASE) tsc node_modules/.bin/tsc -p .
	$(PHASE) tsc-worker node_modules/.bin/tsc -p tsconfig.worker.json

# The browser tests whose checks lean on the machine's time (long tasks while
# the bot thinks, layout shifts, servers killed and taken over) run one
# file at a time after the others, which run two files at a time: each
# file alone took 913 s in all and 1,222 s of CPU (3 December 2026, the
# system's CPU time around each), so two at a time keep both cores busy.
# Lighthouse's test runs with the others: the categories it checks do not
# depend on timing (its performance score is `make lighthouse`'s).
BROWSER_ALONE := $(addprefix tests/browser/,table-responsive.test.mjs \
	layout-shift.test.mjs online-server.test.mjs online-servers.test.mjs)
# The longest files start first (their tests' durations summed, the mean
# of a warm and a fresh `make test` in the headless shell, 7 December 2026:
# 33–40 s for the first six, 24–32 s for the next ten, 15–22 s for the
# rest named), so that the two at a time end together rather than one long
# file running alone at the end.
BROWSER_LONG := $(addprefix tests/browser/,tournament.test.mjs lighthouse.test.mjs online-play.test.mjs \
	review.test.mjs bot-workers.test.mjs offline.test.mjs online-newcomer.test.mjs \
	rated-confusing.test.mjs online-correspondence.test.mjs seeks-edges.test.mjs rated-end.test.mjs \
	tournament-page.test.mjs online-clock-people.test.mjs speeds.test.mjs puzzle.test.mjs \
	tournament-arena.test.mjs history.test.mjs lobby.test.mjs online-match.test.mjs my-games.test.mjs \
	clock-time.test.mjs table-session.test.mjs install.test.mjs online-people.test.mjs)
BROWSER_SHARED := $(BROWSER_LONG) \
	$(filter-out $(BROWSER_ALONE) $(BROWSER_LONG),$(wildcard tests/browser/*.test.mjs))
BROWSER_JOBS ?= 2

# WASM_BUILT=1: `make test` built the packages a step before; BIN_BUILT=1:
# and the server binary (rust-build's `cargo test --no-run` makes it with
# the workspace's features; `cargo build -p virada-cli` alone unifies them
# otherwise and, on a fresh clone, builds tokio to the server again: 44 s).
browser-test: browser-shared browser-alone

BROWSER_PREP = $(SETUP) chromium redis haproxy$(if $(BIN_BUILT),, && cargo build -q --profile test -p virada-cli --bin virada)

browser-shared: $(NODE_DEPS) $(if $(WASM_BUILT),,wasm)
	@$(BROWSER_PREP)
	$(PHASE) browser-shared node --test --test-concurrency=$(BROWSER_JOBS) $(call NODE_REPORTERS,shared) \
		tests/wasm-exports.test.mjs $(BROWSER_SHARED)

browser-alone: $(NODE_DEPS) $(if $(WASM_BUILT),,wasm)
	@$(BROWSER_PREP)
	$(PHASE) browser-alone node --test --test-concurrency=1 $(call NODE_REPORTERS,alone) $(BROWSER_ALONE)

## wasm: the page's package (www/pkg: the table, records, seeds), the one
## the bots' workers and the review load (www/pkg-bot: search, evaluation,
## analysis, with the trained weights beside it) and the top level's on
## several threads (www/pkg-threads, where the page is cross-origin isolated)
## and the check of a tournament's file (www/pkg-trf, loaded by Verify a game)
## and the puzzle page's worker's (www/pkg-puzzle, loaded by puzzle.html)
wasm: $(NODE_DEPS)
	@$(SETUP) wasm
	$(PHASE) wasm $(MAKE) -j2 wasm-page wasm-bot wasm-threads wasm-trf wasm-puzzle
	rm -f www/pkg/eval-weights.vrdw
	cp crate/weights/eval.vrdw www/pkg-bot/eval-weights.vrdw
	cp crate/weights/book.vrdb www/pkg-bot/opening-book.vrdb
	node scripts/site-version.mjs

# The two packages build side by side (`make wasm` runs both at once): each
# ends in a long single-threaded step (fat LTO, one codegen unit), so two
# cores finish both in about the time of one.
wasm-page:
	RUSTFLAGS="$(WASM_RUSTFLAGS)" $(WASM_BUILD) --no-default-features --features page-exports $(WASM_PAGE_OPT)
	$(WASM_PACKAGE) $(WASM_OUT) www/pkg --strip -O$(WASM_OPT_LEVEL) --enable-simd

wasm-bot:
	RUSTFLAGS="$(WASM_RUSTFLAGS)" $(WASM_BUILD) --no-default-features --features bot-exports --target-dir $(WASM_BOT_DIR)
	$(WASM_PACKAGE) $(WASM_BOT_OUT) www/pkg-bot -O$(WASM_OPT_LEVEL) --enable-simd

wasm-trf:
	RUSTFLAGS="$(WASM_RUSTFLAGS)" $(WASM_BUILD) --no-default-features --features trf-exports --target-dir $(WASM_TRF_DIR)
	$(WASM_PACKAGE) $(WASM_TRF_OUT) www/pkg-trf -O$(WASM_OPT_LEVEL) --enable-simd

wasm-puzzle:
	RUSTFLAGS="$(WASM_RUSTFLAGS)" $(WASM_BUILD) --no-default-features --features puzzle-exports --target-dir $(WASM_PUZZLE_DIR)
	$(WASM_PACKAGE) $(WASM_PUZZLE_OUT) www/pkg-puzzle --strip -O$(WASM_OPT_LEVEL) --enable-simd

# Rustc warns that `atomics` is an unstable target feature, once a crate:
# said here once instead.
wasm-threads:
	RUSTC_BOOTSTRAP=1 RUSTFLAGS="$(WASM_THREADS_RUSTFLAGS)" $(WASM_BUILD) --no-default-features \
		--features threads-exports --target-dir $(WASM_THREADS_DIR) -Z build-std=panic_abort,std \
		2> >(grep -v -e 'unstable feature specified for `-Ctarget-feature`: `atomics`' \
			-e 'this feature is not stably supported' -e '^ *|$$' -e '^ *= note' -e '^$$' >&2)
	$(WASM_PACKAGE) $(WASM_THREADS_OUT) www/pkg-threads -O$(WASM_OPT_LEVEL) --enable-simd --enable-threads \
		--enable-bulk-memory --enable-mutable-globals

## bench-wasm: the wasm package with the benchmark entry points, in target/pkg-bench
bench-wasm: $(NODE_DEPS)
	@$(SETUP) wasm
	RUSTFLAGS="$(WASM_RUSTFLAGS)" $(WASM_BUILD) --features bench
	wasm-bindgen --target web --out-dir target/pkg-bench $(WASM_OUT)
	node_modules/.bin/wasm-opt -O$(WASM_OPT_LEVEL) --enable-simd target/pkg-bench/virada_bg.wasm -o target/pkg-bench/virada_bg.wasm

## bench: native figures (virada bench), then perft in wasm under Node beside native
bench: bench-wasm
	RUSTFLAGS="$(NATIVE_RUSTFLAGS)" cargo build -q --release -p virada-cli --bin virada
	@if $(BIN) help bench >/dev/null 2>&1; then $(BIN) bench --endgame tests/data/fforum-40-49.obf; fi
	node tests/bench/wasm-perft.mjs --depth 12 --native $(BIN)

## weight: gzip sizes of each page's files (index, nabu, history, verify, puzzle) against the budget
weight: wasm
	node tests/bench/page-weight.mjs

## lighthouse: Lighthouse mobile (simulated throttling) on the five pages as
## `virada serve` serves them: the median of LH_RUNS runs against the bars
LH_RUNS ?= 3
lighthouse: wasm
	@$(SETUP) chromium
	cargo build -q --release -p virada-cli --bin virada
	node tests/bench/lighthouse.mjs --runs $(LH_RUNS) --bin $(BIN)

$(NODE_DEPS): package.json package-lock.json
	@command -v npm >/dev/null || { echo "setup: npm is missing: install Node.js (20 or later) with npm" >&2; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

setup: $(NODE_DEPS)
	@$(SETUP) rust wasm chromium ssl

clean:
	cargo clean
	rm -rf www/pkg www/pkg-bot www/pkg-threads www/pkg-trf www/pkg-puzzle node_modules tests/browser/artifacts
