# damka: build, run, test. `make run` and `make test` do all the set-up a
# fresh machine with Go needs (modules come from the Go module proxy).

GO        ?= go
BIN       := bin/damka
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.version=$(VERSION)
FUZZTIME  ?= 30s
BENCHTIME ?= 1s

# staticcheck, run from the module proxy at a fixed version (no install
# step, no change to go.mod): 0.8.x supports Go 1.26.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
# The packages with goroutines of their own (pdn: RawGame.Build runs on the
# workers while the reader reads on), tested under the race detector.
RACEPKGS  := ./internal/... ./cmd/damka/ ./export/ ./pipeline/ ./output/ ./pdn/

.PHONY: compare build run test test-short race ci bench fuzz lint clean random-archive calibrate measure-repairs screenshots beam beam-build test-beam lint-beam research test-research lint-research output-matrix verdicts verdicts-stable verdicts-engine calibrate-engine time-to-depth selfplay train-data fit fit-patterns-intl selfplay-patterns fit-patterns match-patterns match

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/damka

# The main job on the sample archive embedded in the binary: replay,
# search every position at a depth that takes seconds, write the datasets,
# the annotated archive and the report (out/sample/report.html) to
# out/sample. The sample is named: with no input damka would read
# standard input when it is not a terminal.
RUNDEPTH ?= 6
run: build
	./$(BIN) analyze --depth $(RUNDEPTH) --report -o out/sample sample:ussr1947.pdn

# The screenshots (README.md, docs/commands/analyze.md) of the sample's report (docs/report.png, docs/report-board.png,
# docs/report-phone.png), taken by the browser test in headless Chromium
# at make run's depth; the test's other screenshots go to out/test-artifacts.
screenshots:
	$(GO) test ./cmd/damka -count=1 -run '^TestReportInBrowser$$' -args -docs-screenshots -report-depth $(RUNDEPTH)

# vet, formatting, staticcheck, go.mod tidy, and the tests.
test: lint
	$(GO) test ./...
	$(GO) test -tags duckdb ./export/
	$(GO) test -tags research -run TestLevers ./analyze/

# The concurrent packages under the race detector (-short: the long
# byte-for-byte comparisons are skipped, they have no goroutines of their own;
# 20 minutes: cmd/damka alone takes minutes under the detector on a loaded machine).
race:
	$(GO) test -race -short -timeout 20m $(RACEPKGS)

# What CI (.ci/run) runs on a fresh machine.
ci: test race test-beam test-research

# damka-beam, the pipeline on Apache Beam (its own module, beam/: the
# main module never pulls Beam in). make beam runs it on Prism, in this
# process: IN is a file, folder or glob (or several, space-separated;
# gs:// and s3:// too), OUT the output folder, DEPTH > 0 analyses every
# distinct position (as damka analyze --depth); BEAMFLAGS are more flags
# (--partition-by variant,year, --runner ...). The first build compiles
# the Beam SDK (a minute or two). A run whose games have errors (exit
# status 1) succeeds: its summary says them.
BEAMBIN   := bin/damka-beam
DEPTH     ?= 0
BEAMFLAGS ?=
beam-build:
	cd beam && $(GO) build -ldflags "$(LDFLAGS)" -o ../$(BEAMBIN) ./cmd/damka-beam

beam: beam-build
	@if [ -z "$(IN)" ] || [ -z "$(OUT)" ]; then echo "usage: make beam IN=<file|dir|glob> OUT=<dir> [DEPTH=<d>] [BEAMFLAGS=...]"; exit 2; fi
	./$(BEAMBIN) --out "$(OUT)" --depth $(DEPTH) $(BEAMFLAGS) $(IN) || [ $$? -eq 1 ]

# The beam module's vet, staticcheck, go.mod tidy and tests (on Prism,
# in process and through its job server: see beam/damkabeam).
lint-beam:
	cd beam && $(GO) vet ./...
	cd beam && $(GO) run $(STATICCHECK) ./...
	@cd beam && $(GO) mod tidy -diff || { echo "beam/go.mod/go.sum are not tidy: cd beam && go mod tidy"; exit 1; }

test-beam: lint-beam
	cd beam && $(GO) test -timeout 30m ./...

# The research tools (the verdicts harness, self-play, matches, the
# side-by-side comparisons; research/, a module of its own: the main
# module lists none of them) are built in their module into
# RESEARCH_BIN and run from here, the repository's root, which their
# default paths (testdata/, out/, bin/damka) name. make research builds
# them all, without levers; the targets below build the one they run.
# $(call research-tool,NAME[,BUILD FLAGS]) builds research/NAME.
RESEARCH_BIN := bin/research
research-tool = $(GO) -C research build $(if $(2),$(2) )-o $(CURDIR)/$(RESEARCH_BIN)/$(1) ./$(1)
research:
	$(GO) -C research build -o $(CURDIR)/$(RESEARCH_BIN)/ ./...

# The research module's vet (with and without the tag research, which
# the self-play builds take), gofmt, staticcheck, go.mod tidy and tests;
# the tests again under the race detector (the match and self-play run
# games on workers), with the tag.
lint-research:
	cd research && $(GO) vet ./...
	cd research && $(GO) vet -tags research ./...
	@out=$$(cd research && gofmt -l .); \
	if [ -n "$$out" ]; then echo "gofmt would change (in research/):"; echo "$$out"; exit 1; fi
	cd research && $(GO) run $(STATICCHECK) ./...
	@cd research && $(GO) mod tidy -diff || { echo "research/go.mod/go.sum are not tidy: cd research && go mod tidy"; exit 1; }

test-research: lint-research
	cd research && $(GO) test ./...
	cd research && $(GO) test -race -short -tags research ./...

test-short:
	$(GO) test -short ./...

bench:
	$(GO) test -run '^$$' -bench . -benchtime $(BENCHTIME) ./...

# A synthetic archive of RANDOM_GAMES random legal games, all different,
# for benchmarking the commands (export/gen_test.go's generator).
RANDOM_GAMES   ?= 20000
RANDOM_ARCHIVE ?= out/random.pdn
random-archive:
	@mkdir -p $(dir $(RANDOM_ARCHIVE))
	DAMKA_RANDOM_ARCHIVE=$(abspath $(RANDOM_ARCHIVE)) DAMKA_RANDOM_GAMES=$(RANDOM_GAMES) \
		$(GO) test ./export -run '^TestWriteRandomArchive$$' -count 1 -v

# The current binary against an old one, side by side (research/compare;
# docs/performance.md): check --json, clean, export and perft, their outputs
# compared byte for byte, then PAIRS pairs of runs in turn, the ratios old/new
# with their spread. OLD is a damka built with a plain go build (version
# "dev", as here, so that the export files can be equal), e.g. of main:
# git archive main | tar -x -C /tmp/old && (cd /tmp/old && go build -o damka ./cmd/damka).
# ARCHIVE defaults to the corpus' two Russian master files repeated to
# 31,350 games (21.7 MB, 1.7 M plies), written to COMPARE_ARCHIVE.
PAIRS           ?= 7
COMPARE_J       ?= 1
COMPARE_RUN     ?= check,clean,export,perft
COMPARE_ARCHIVE ?= $(or $(TMPDIR),/tmp)/damka-russian-31350.pdn
ARCHIVE         ?= $(COMPARE_ARCHIVE)
compare:
	@if [ -z "$(OLD)" ]; then echo "usage: make compare OLD=<old damka binary> [ARCHIVE=<pdn>] [PAIRS=7] [COMPARE_J=1] [COMPARE_RUN=check,clean,export,perft]"; exit 2; fi
	$(GO) build -o bin/damka-compare ./cmd/damka
	@if [ "$(ARCHIVE)" = "$(COMPARE_ARCHIVE)" ] && [ ! -s "$(COMPARE_ARCHIVE)" ]; then \
		for i in $$(seq 150); do cat testdata/corpus/russian/wiegerw-pdn/fail/abatsiev.pdn testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn; done > "$(COMPARE_ARCHIVE)"; fi
	$(call research-tool,compare)
	$(RESEARCH_BIN)/compare -old "$(OLD)" -new bin/damka-compare -archive "$(ARCHIVE)" -pairs $(PAIRS) -j $(COMPARE_J) -run $(COMPARE_RUN)

# Refit k, the slope of the winning-chances curve, to the results of the
# Russian master games of the corpus (long: CALIB_DEPTH 8 takes minutes).
CALIB_DEPTH ?= 4
calibrate:
	DAMKA_CORPUS=$(abspath testdata/corpus/russian) DAMKA_CALIB_DEPTH=$(CALIB_DEPTH) \
		$(GO) test ./analyze -run '^TestCalibrateK$$' -count 1 -v -timeout 0

fuzz:
	$(GO) test ./pdn -run '^$$' -fuzz FuzzReader -fuzztime $(FUZZTIME)
	$(GO) test ./validate -run '^$$' -fuzz FuzzGame -fuzztime $(FUZZTIME)
	$(GO) test ./draughts -run '^$$' -fuzz FuzzParseFEN -fuzztime $(FUZZTIME)
	$(GO) test ./draughts -run '^$$' -fuzz FuzzParseNotation -fuzztime $(FUZZTIME)

# How often repairs find the move meant: one random slip of each kind in
# each of the 209 games of the Russian corpus (seeded; SEED=n for another
# draw), the table docs/repairs.md shows.
SEED ?= 14
measure-repairs:
	$(GO) test ./validate -run '^TestRepairMeasure$$' -count 1 -v -long -seed $(SEED)
# What the commands write, against another build (issue 45): 35 command
# lines (check, clean, select, dupes, export, openings, analyze, diagram,
# moves, perft, eval; each with -j at -j 1 and -j 4) run by OLD and by
# this tree, compared by exit status, stdout, stderr with its timings
# masked, and the checksum of every output file. OLD must be built with
# the version string this target gives (it is in the files' metadata):
# go build -ldflags "-X main.version=matrix" -o /tmp/old-damka ./cmd/damka
output-matrix:
	@test -n "$(OLD)" || { echo "make output-matrix: set OLD=/path/to/damka, built with -ldflags \"-X main.version=matrix\""; exit 2; }
	$(GO) build -ldflags "-X main.version=matrix" -o bin/damka-matrix ./cmd/damka
	$(call research-tool,outputmatrix)
	$(RESEARCH_BIN)/outputmatrix -old $(OLD) -new bin/damka-matrix

# How far the verdicts of damka analyze hold under a deeper search (issue
# 16), on the held-out master games, with plies/s side by side: OLD is a
# damka binary to compare with (one built from main), VERDICTS_FLAGS more
# flags of research/verdicts (cd research && go doc ./verdicts).
# The reference is the deeper search of this build for both binaries.
# Reference searches are cached (testdata/verdicts holds the results
# behind the table of docs/engine.md), so a rerun takes minutes.
OLD            ?=
VERDICTS_FLAGS ?=
verdicts: build
	$(call research-tool,verdicts)
	$(RESEARCH_BIN)/verdicts $(if $(OLD),-bin old=$(OLD)) -bin new=$(BIN) -ref new=$(BIN) $(VERDICTS_FLAGS)

# The default analysis on a bigger recall sample (3,000 plies), with the
# reference searched one ply deeper as well: how far the reference holds
# (docs/engine.md, "How far the verdicts hold").
verdicts-stable: build
	$(call research-tool,verdicts)
	$(RESEARCH_BIN)/verdicts $(if $(OLD),-bin old=$(OLD)) -bin new=$(BIN) -ref new=$(BIN) -depths default -limits default=150/3000 -stable $(VERDICTS_FLAGS)

# The verdicts of the default analysis against an external engine's
# (issue 23; docs/engine.md, "Measured against engines"): ENGINE is the path of
# an engine speaking the Hub protocol (Scan: its folder holds scan.ini and
# data/), VARIANT russian or international, ENGINE_DEPTH its fixed depth
# (before the move; one less after it), PLIES the recall sample. Not part
# of make test: CI has no engine (the harness's tests use a fake one).
# ENGINE_K is the slope of the engine's winning-chances curve (default
# 0.006, damka's); make calibrate-engine fits it to the results of the
# tuning half of the games.
ENGINE       ?=
VARIANT      ?= international
ENGINE_DEPTH ?= 15
ENGINE_K     ?=
PLIES        ?= 1000
comma        := ,
verdicts-engine: build
	@test -n "$(ENGINE)" || { echo "make verdicts-engine: set ENGINE=/path/to/scan"; exit 2; }
	$(call research-tool,verdicts)
	$(RESEARCH_BIN)/verdicts $(if $(OLD),-bin old=$(OLD)) -bin new=$(BIN) -variant $(VARIANT) -engine $(ENGINE)$(if $(ENGINE_K),$(comma)k=$(ENGINE_K)) -engine-depth $(ENGINE_DEPTH) -depths default -recall $(PLIES) -speed-j 2 $(VERDICTS_FLAGS)

# The slope k of the winning-chances curve that fits the results of the
# tuning half of the games, for ENGINE at ENGINE_DEPTH and for damka's
# search at the default depth (every 4th position from ply 10 on).
calibrate-engine: build
	@test -n "$(ENGINE)" || { echo "make calibrate-engine: set ENGINE=/path/to/scan"; exit 2; }
	$(call research-tool,verdicts)
	$(RESEARCH_BIN)/verdicts -bin new=$(BIN) -variant $(VARIANT) -engine $(ENGINE) -engine-depth $(ENGINE_DEPTH) -depths default -split tuning -calibrate 4 $(VERDICTS_FLAGS)

# Time to depth 10 and 14, damka eval against ENGINE, one thread each, on
# 50 middlegame positions of the held-out International master games
# (seconds and nodes, with their ratios).
time-to-depth: build
	@test -n "$(ENGINE)" || { echo "make time-to-depth: set ENGINE=/path/to/scan"; exit 2; }
	$(call research-tool,verdicts)
	$(RESEARCH_BIN)/verdicts -bin new=$(BIN) -variant international -engine $(ENGINE) -time-to-depth 10,14 $(VERDICTS_FLAGS)

# The evaluation's fit (go doc ./analyze, "Evaluation"): make selfplay
# plays SELFPLAY_GAMES games with damka's search and the hand-set weights
# (from random openings and from positions of the tuning half of the
# master games) into SELFPLAY, a cache file that is not committed; make
# fit fits the weights to their results and writes the variant's
# weights file. VARIANT=international (given on the command line or in
# the environment) does it for 10x10: 1,200 games at depth 6 from the
# tuning half of the International master games of make verdicts-engine
# (about 40 minutes under nice on the shared 2-core machine; a 2 MB
# file), weights in analyze/weights_international.go. Without VARIANT:
# Russian, 6,000 games at depth 8 (about 8 MB), analyze/weights_russian.go.
FIT_VARIANT    := $(if $(filter command line environment,$(origin VARIANT)),$(VARIANT),russian)
CACHE          ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/damka
INTL_GAMES     := testdata/corpus/international/wiegerw-pdn/succeed
RU_OPENINGS    := testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn,testdata/corpus/russian/wiegerw-pdn/fail/abatsiev.pdn
INTL_OPENINGS  := $(INTL_GAMES)/090417ronde12.pdn,$(INTL_GAMES)/DUTCH96H.pdn,$(INTL_GAMES)/PROF2.pdn,$(INTL_GAMES)/candidate95.pdn,$(INTL_GAMES)/nk ronde 01.pdn,$(INTL_GAMES)/nk ronde 02.pdn,$(INTL_GAMES)/nk2003-amsterdam.pdn,$(INTL_GAMES)/rk ronde 12.pdn,$(INTL_GAMES)/wk2003.pdn
ifeq ($(FIT_VARIANT),international)
SELFPLAY       ?= $(CACHE)/selfplay/intl-d6-hand-1200.tsv.gz
SELFPLAY_GAMES ?= 1200
SELFPLAY_DEPTH ?= 6
SELFPLAY_OPEN  := $(INTL_OPENINGS)
FIT_OUT        := analyze/weights_international.go
else
SELFPLAY       ?= $(CACHE)/selfplay/d8-hand-6k.tsv.gz
SELFPLAY_GAMES ?= 6000
SELFPLAY_DEPTH ?= 8
SELFPLAY_OPEN  := $(RU_OPENINGS)
FIT_OUT        := analyze/weights_russian.go
endif
FIT_L2         ?= 1e-6
selfplay:
	nice -n 10 $(call research-tool,selfplay,-tags research -ldflags "-X github.com/damka/damka/analyze.Levers=hand=1")
	nice -n 10 $(RESEARCH_BIN)/selfplay \
		-variant $(FIT_VARIANT) -games $(SELFPLAY_GAMES) -depth $(SELFPLAY_DEPTH) -seed 2 \
		-openings '$(SELFPLAY_OPEN)' -o $(SELFPLAY)
fit:
	$(GO) test ./analyze -run TestFitEval -v -timeout 2h -fit-variant $(FIT_VARIANT) -fit-data $(SELFPLAY) -fit-l2 $(FIT_L2) \
		-fit-out $(CURDIR)/$(FIT_OUT)

# The Russian evaluation's patterns (go doc ./analyze, "Patterns"): make
# selfplay-patterns plays PATTERN_GAMES openings at depth 8 with the
# evaluation without patterns into PATTERN_DATA (a cache file, not
# committed; games whose opening was met before are skipped: 14,960 of
# 30,000 for the file in the build, 30 minutes under nice on the shared
# 2-core machine, 7 MB); make fit-patterns
# fits analyze/patterns_russian.bin to them; make match-patterns plays the
# evaluation with the patterns against the one without (MATCH_GAMES
# openings, each with both colours, at MATCH_DEPTH).
PATTERN_DATA  ?= $(CACHE)/selfplay/ru-d8-30k.tsv.gz
PATTERN_GAMES ?= 30000
MATCH_GAMES   ?= 500
MATCH_DEPTH   ?= 6
selfplay-patterns:
	nice -n 10 $(call research-tool,selfplay,-tags research -ldflags "-X github.com/damka/damka/analyze.Levers=pattern=0")
	nice -n 10 $(RESEARCH_BIN)/selfplay -variant russian -games $(PATTERN_GAMES) -depth 8 -seed 7 \
		-openings 'testdata/corpus/russian/wiegerw-pdn/succeed/ussr1947.pdn,testdata/corpus/russian/wiegerw-pdn/fail/abatsiev.pdn' -o $(PATTERN_DATA)
PATTERN_L2    ?= 6e-6
fit-patterns:
	$(GO) test ./analyze -run TestFitPatterns -v -timeout 2h -pat-data $(PATTERN_DATA) -pat-l2 $(PATTERN_L2) -pat-lr 8 -pat-epochs 10 \
		-pat-out $(CURDIR)/analyze/patterns_russian.bin
match-patterns:
	$(GO) test ./analyze -run TestMatchPatterns -v -timeout 4h -match-games $(MATCH_GAMES) -match-depth $(MATCH_DEPTH)

# The training data of the learned evaluation (internal/traindata, research/selfplay;
# docs/engine.md, "Training data"): make train-data adds TRAIN_CHUNKS
# chunks of TRAIN_GAMES self-play games at TRAIN_DEPTH to
# testdata/train/TRAIN_VARIANT, in the background (log:
# out/train-TRAIN_VARIANT.log), with one selfplay binary built first
# (out/train-selfplay), so that every chunk of a run is made by the same
# code. A stopped run, started again, finishes the chunk it was making.
# A chunk is a function of the seed and the chunks before it: commit them
# in order, with their manifest.
TRAIN_VARIANT ?= international
TRAIN_DEPTH   ?= $(if $(filter russian,$(TRAIN_VARIANT)),8,6)
TRAIN_GAMES   ?= 1000
TRAIN_CHUNKS  ?= 1
TRAIN_SEED    ?= 1
TRAIN_DIR     := testdata/train/$(TRAIN_VARIANT)
# The games are played by the evaluation the patterns are fitted on top
# of (without International's patterns), whatever the build ships.
TRAIN_LEVERS  ?= $(if $(filter international,$(TRAIN_VARIANT)),ipattern=0,)
TRAIN_OPEN     = $(if $(filter international,$(TRAIN_VARIANT)),$(INTL_OPENINGS),$(RU_OPENINGS))
train-data:
	@mkdir -p out
	$(GO) -C research build -tags research -ldflags "-X github.com/damka/damka/analyze.Levers=$(TRAIN_LEVERS)" -o $(CURDIR)/out/train-selfplay ./selfplay
	nohup sh -c 'for i in $$(seq $(TRAIN_CHUNKS)); do nice -n 10 out/train-selfplay -variant $(TRAIN_VARIANT) \
		-depth $(TRAIN_DEPTH) -chunk-games $(TRAIN_GAMES) -seed $(TRAIN_SEED) -openings "$(TRAIN_OPEN)" \
		-version "$(VERSION)$(if $(TRAIN_LEVERS), levers $(TRAIN_LEVERS))" -data $(TRAIN_DIR) || exit 1; done' > out/train-$(TRAIN_VARIANT).log 2>&1 &
	@echo "adding $(TRAIN_CHUNKS) chunk(s) to $(TRAIN_DIR) in the background; log: out/train-$(TRAIN_VARIANT).log"

# International's patterns (analyze/patterngeom.go): make
# fit-patterns-intl fits analyze/patterns_international.bin to the
# training data of make train-data (testdata/train/international; GEO_FLAGS
# for more: -geo-chunks N, -geo-lambda, -geo-l2, ...), and measures it on
# the held-out half of the master games that give the openings.
GEO_FLAGS ?=
fit-patterns-intl:
	$(GO) test ./analyze -run TestFitPatternsGeom -v -timeout 2h -geo-data $(CURDIR)/testdata/train/international \
		-geo-masters '$(CURDIR)/$(subst $(comma),$(comma)$(CURDIR)/,$(INTL_OPENINGS))' -geo-out $(CURDIR)/analyze/patterns_international.bin $(GEO_FLAGS)

# A match of two engines over the Hub protocol (research/match;
# docs/engine.md, "Matches"): A and B are command lines (damka's engine is
# "damka hub"; another build, or Scan), VARIANT russian or international,
# TIME seconds a move, or NODES nodes a move instead; GAMES games from
# GAMES/2 balanced openings (as make selfplay draws them, from the tuning
# half of the master games or random plies), each played with both
# colours, two at a time. Results go game by game to OUT/results.tsv (a
# stopped match, run again, plays only what is missing) and the games to
# OUT/games.pdn; at the end: score, Elo and its 95% interval.
A          ?= $(BIN) hub
B          ?=
TIME       ?= 0.1
NODES      ?=
GAMES      ?= 200
MATCH_SEED ?= 1
OUT        ?= out/match
MATCH_OPEN  = $(if $(filter international,$(VARIANT)),$(INTL_OPENINGS),$(RU_OPENINGS))
match: build
	@test -n "$(B)" || { echo "make match: set B (and A, default '$(BIN) hub'), e.g. B='/tmp/main/damka hub'"; exit 2; }
	$(call research-tool,match)
	$(RESEARCH_BIN)/match -a '$(A)' -b '$(B)' -variant $(VARIANT) $(if $(NODES),-nodes $(NODES),-time $(TIME)) \
		-games $(GAMES) -seed $(MATCH_SEED) -openings '$(MATCH_OPEN)' -o $(OUT) $(MATCH_FLAGS)

lint:
	$(GO) vet ./...
	$(GO) vet -tags duckdb ./export/
	$(GO) vet -tags research ./analyze/ ./cmd/damka/
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) run $(STATICCHECK) ./...
	$(GO) run $(STATICCHECK) -tags duckdb ./export/
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy"; exit 1; }

clean:
	rm -rf bin
