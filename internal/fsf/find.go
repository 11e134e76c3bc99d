package fsf

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// EnvVar names the environment variable that points at the engine binary.
const EnvVar = "FAIRY_STOCKFISH"

// debianPath is where Debian's fairy-stockfish package installs the engine.
const debianPath = "/usr/games/fairy-stockfish"

// ErrNotFound is returned (wrapped) by Find when no engine is installed.
var ErrNotFound = errors.New("fairy-stockfish not found")

// Find returns the path of the Fairy-Stockfish binary: $FAIRY_STOCKFISH when
// set (it must then name an executable file), else Debian's
// /usr/games/fairy-stockfish, else "fairy-stockfish" on the PATH. The error
// wraps ErrNotFound when there is none.
func Find() (string, error) {
	if p := os.Getenv(EnvVar); p != "" {
		if err := executable(p); err != nil {
			return "", fmt.Errorf("%w: $%s=%q: %v", ErrNotFound, EnvVar, p, err)
		}
		return p, nil
	}
	if executable(debianPath) == nil {
		return debianPath, nil
	}
	p, err := exec.LookPath("fairy-stockfish")
	if err != nil {
		return "", fmt.Errorf("%w: set $%s or install Debian's fairy-stockfish package", ErrNotFound, EnvVar)
	}
	return p, nil
}

// executable reports why path is not an executable regular file, or nil.
func executable(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return errors.New("not a regular file")
	case fi.Mode().Perm()&0o111 == 0:
		return errors.New("not executable")
	}
	return nil
}
