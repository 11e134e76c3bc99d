// Package timethief implements the Time Thief games: `timethief` (the basic
// rules) and `timethief-restore` (the King-restoration rules), on the 10x8
// board of ruling T1 or any set-up board, with the fairy pieces Time Thief,
// Dwarf, Spirit, Witch and Guard (rulings T1-T11; docs/rules/timethief.md).
package timethief
