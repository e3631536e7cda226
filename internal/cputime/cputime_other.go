//go:build !unix

package cputime

import "time"

// Used is not measured here: always 0.
func Used() time.Duration { return 0 }
