// Package e2e holds the browser end-to-end tests of `timechess serve`: chromedp drives
// headless Chromium through the UI of package web against an in-process server on a SQLite
// store, both started once and shared by every test (each person is a browser context of
// its own). Uncaught script errors of a page fail its test. The tests skip with -short or
// when Chromium is missing; screenshots of the boards and pages go to $E2E_ARTIFACTS
// (default e2e/artifacts/).
package e2e
