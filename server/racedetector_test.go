//go:build race

package server

// raceDetector is true in a build with the race detector, whose tenfold
// slowdown makes timing bounds meaningless.
const raceDetector = true
