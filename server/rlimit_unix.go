//go:build unix

package server

import "syscall"

// descriptorLimit is the process's limit on open files (RLIMIT_NOFILE; Go
// raises the soft limit to the hard one at start on Linux), or 1024 when
// it cannot be read.
func descriptorLimit() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur <= 0 {
		return 1024
	}
	return int(min(lim.Cur, 1<<30))
}
