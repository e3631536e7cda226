package main

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/damka/damka/export"
)

// shapes are the flags of a command that shape its output, marked once
// where the command's flags are defined (mark): the datasets' and the
// reports' damka.command names them (flags), in the order marked, with
// the values the run reads. A flag added to a command and marked is named
// there; there is no list to keep in step by hand.
type shapes struct {
	fs    *pflag.FlagSet
	marks []shapeMark
}

// shapeMark is how one flag is named.
type shapeMark struct {
	name string
	shape
}

// shape says how a marked flag is named in damka.command. By default a
// flag is named when it holds a value other than none ("", 0, false), as
// --name VALUE (a flag of a list once a value; a bool flag alone).
type shape struct {
	always bool          // named with its default value too
	value  func() string // the value named, instead of the flag's own ("": not named)
	when   func() bool   // named only when this holds
}

// newShapes starts the marks of the flags of fs.
func newShapes(fs *pflag.FlagSet) *shapes { return &shapes{fs: fs} }

// mark marks the flag name of the set (defined before) as shaping the
// output.
func (s *shapes) mark(name string, sh shape) {
	if s.fs.Lookup(name) == nil {
		panic("damka: no flag --" + name + " to mark")
	}
	s.marks = append(s.marks, shapeMark{name, sh})
}

// flags are the marked flags as damka.command names them
// (pipeline.CommandLine). Options made without their flags (no set)
// name none.
func (s *shapes) flags() []string {
	if s == nil {
		return nil
	}
	var fl []string
	for _, m := range s.marks {
		if m.when != nil && !m.when() {
			continue
		}
		name := "--" + m.name
		if m.value != nil {
			if v := m.value(); v != "" {
				fl = append(fl, name, v)
			}
			continue
		}
		f := s.fs.Lookup(m.name)
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				fl = append(fl, name, v)
			}
			continue
		}
		v := f.Value.String()
		switch {
		case f.Value.Type() == "bool" && v == "true":
			fl = append(fl, name)
		case m.always || (v != "" && v != "0" && v != "false"):
			fl = append(fl, name, v)
		}
	}
	return fl
}

// markFormat marks --format, named always: its value as read ("" is
// Parquet), arrow-stream when the tables go to standard output.
func (s *shapes) markFormat(f *layoutFlags, stdout func() bool) {
	s.mark("format", shape{value: func() string {
		if stdout() {
			return export.ArrowStream.String()
		}
		format, _ := parseFormat(f.Format)
		return format.String()
	}})
}

// markLayout marks the flags of the tables' layout but --format:
// --compression, --partition-by (as read: "year,variant"), and
// --max-rows-per-file, each when given.
func (s *shapes) markLayout(f *layoutFlags) {
	s.mark("compression", shape{})
	s.mark("partition-by", shape{value: func() string {
		by, _ := export.ParsePartitionBy(f.PartitionBy)
		return strings.Join(by, ",")
	}})
	s.mark("max-rows-per-file", shape{})
}
