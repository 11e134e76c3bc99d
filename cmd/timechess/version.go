package main

import (
	"context"
	"fmt"
	"runtime/debug"
)

// version is the release of timechess.
const version = "0.1.0-dev"

// VersionCmd prints the version.
type VersionCmd struct {
	JSON bool `name:"json" help:"Print JSON."`
}

// versionInfo is the JSON shape of the version.
type versionInfo struct {
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"` // the VCS revision the binary was built from, when known
}

// Run prints the version, and the VCS revision when the build recorded one.
func (c *VersionCmd) Run(_ context.Context, env *Env) error {
	info := versionInfo{Version: version}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				info.Revision = s.Value
			}
		}
	}
	if c.JSON {
		return writeJSON(env.Stdout, info)
	}
	if info.Revision != "" {
		_, err := fmt.Fprintf(env.Stdout, "timechess %s (%s)\n", info.Version, info.Revision)
		return err
	}
	_, err := fmt.Fprintf(env.Stdout, "timechess %s\n", info.Version)
	return err
}
