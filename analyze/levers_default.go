//go:build !research

package analyze

// levers are the defaults: a build without the tag research parses no
// switch of the search (see levers_research.go for the measurement
// builds).
var levers = defaultLevers()
