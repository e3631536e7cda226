package main

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// damka.command names the flags marked as shaping the output, in the
// order marked, with the values the run reads: defaults of the flags
// named always, --format and --partition-by as read, the engine's flags
// only with an engine, a flag of a list once a value; the flags that do
// not shape it (-j, -q, --tt, --report) are not named.
func TestShapesFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "out", "-j", "3", "-q", "--tt", "8", "--report"},
			"--depth 8 --verify 8 --plies 24 --format parquet"},
		{[]string{"-o", "out", "--depth", "3", "--verify", "0", "--engine-depth", "5", "--partition-by", "year, variant", "--variant", "russian", "--format", "arrow"},
			"--depth 3 --verify 0 --plies 24 --format arrow --variant russian --partition-by year,variant"},
		{[]string{"-o", "out", "--depth", "4", "--engine", "scan hub", "--engine-time", "0.5", "--engine-option", "a=1", "--engine-option", "b=2", "--max-rows-per-file", "10", "--compression", "lz4"},
			"--depth 4 --verify 4 --plies 24 --format parquet --engine scan hub --engine-time 0.5 --engine-option a=1 --engine-option b=2 --compression lz4 --max-rows-per-file 10"},
	} {
		var opts AnalyzeOptions
		fs := pflag.NewFlagSet("analyze", pflag.ContinueOnError)
		opts.AddFlags(fs)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		if err := opts.check(); err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		if got := strings.Join(opts.shape.flags(), " "); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.args, got, c.want)
		}
	}
}
