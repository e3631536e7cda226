// Package sample holds the archive embedded in the damka binary, so that
// the main job runs with no input at all.
package sample

import _ "embed"

// Name is the name under which reports show the sample.
const Name = "sample:ussr1947.pdn"

// PDN is the sample archive: 153 games of the USSR championship of 1947
// (Russian draughts), as published with the PDN 3.0 standard
// (github.com/wiegerw/pdn, games/succeed/ussr1947.pdn): UTF-8 with CRLF
// line ends, Cyrillic names, numeric FENs and abbreviated captures.
//
//go:embed ussr1947.pdn
var PDN []byte
