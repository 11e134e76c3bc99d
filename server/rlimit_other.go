//go:build !unix

package server

// descriptorLimit is the number of open files the caps on connections
// assume where there is no RLIMIT_NOFILE to read.
func descriptorLimit() int { return 1 << 14 }
