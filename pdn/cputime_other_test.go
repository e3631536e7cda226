//go:build !unix

package pdn

import "time"

func cpuTime() time.Duration { return 0 }
