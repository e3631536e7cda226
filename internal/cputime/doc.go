// Package cputime gives the CPU time the process has used, which the
// benchmarks of several packages report per item: the load of a shared
// machine disturbs it far less than the wall time.
package cputime
