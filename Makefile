# damka: build, run, test. `make run` and `make test` do all the set-up a
# fresh machine with Go needs (modules come from the Go module proxy).

GO        ?= go
BIN       := bin/damka
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.version=$(VERSION)
FUZZTIME  ?= 30s
BENCHTIME ?= 1s

.PHONY: build run test test-short bench fuzz lint clean measure-repairs

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/damka

# The main job on the sample archive embedded in the binary: replay,
# search every position at a depth that takes seconds, write the datasets
# and the annotated archive to out/sample.
RUNDEPTH ?= 6
run: build
	./$(BIN) analyze --depth $(RUNDEPTH) -o out/sample

# Everything CI runs: vet, formatting, and the tests.
test: lint
	$(GO) test ./...
	$(GO) test -tags duckdb ./export/

test-short:
	$(GO) test -short ./...

bench:
	$(GO) test -run '^$$' -bench . -benchtime $(BENCHTIME) ./...

fuzz:
	$(GO) test ./pdn -run '^$$' -fuzz FuzzReader -fuzztime $(FUZZTIME)
	$(GO) test ./validate -run '^$$' -fuzz FuzzGame -fuzztime $(FUZZTIME)
	$(GO) test ./draughts -run '^$$' -fuzz FuzzParseFEN -fuzztime $(FUZZTIME)
	$(GO) test ./draughts -run '^$$' -fuzz FuzzParseNotation -fuzztime $(FUZZTIME)

# How often repairs find the move meant: one random slip of each kind in
# each of the 209 games of the Russian corpus (seeded; SEED=n for another
# draw), the table the README shows.
SEED ?= 14
measure-repairs:
	$(GO) test ./validate -run '^TestRepairMeasure$$' -count 1 -v -long -seed $(SEED)

lint:
	$(GO) vet ./...
	$(GO) vet -tags duckdb ./export/
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

clean:
	rm -rf bin
