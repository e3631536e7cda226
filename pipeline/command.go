package pipeline

import (
	"strconv"
	"strings"
)

// CommandLine writes a command and the arguments that affect its output,
// for the damka.command metadata of its files: the command's name, the
// flags it gives (never -j, -q or -o, so that runs that differ only in
// those give identical files) and the inputs as DataArgs records them (no
// file records where a user keeps files). Arguments with spaces or quotes
// are quoted.
func CommandLine(name string, flags []string, args []string) string {
	parts := append([]string{name}, flags...)
	for _, a := range DataArgs(args) {
		if a == "" || strings.ContainsAny(a, " \t\n\"'\\") {
			a = strconv.Quote(a)
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}
